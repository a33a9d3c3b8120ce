import { createSign } from 'node:crypto';
import { z } from 'zod';
import type { BotReply, BotTurn } from '../../bot';
import { postJson, REPLAY_HEADER, type HttpOptions } from './http';

/** The service-account JSON fields we use (Google's key file). */
export const ServiceAccount = z.looseObject({
  client_email: z.string().min(3),
  private_key: z.string().min(20),
  token_uri: z.string().url(),
  project_id: z.string().optional(),
});
export type ServiceAccount = z.infer<typeof ServiceAccount>;

export const parseServiceAccount = (json: string): ServiceAccount | null => {
  try {
    const p = ServiceAccount.safeParse(JSON.parse(json));
    return p.success ? p.data : null;
  } catch {
    return null;
  }
};

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** A JWT-bearer assertion (RFC 7523) signed RS256 with the account's key, for its token URI. */
export const assertion = (sa: ServiceAccount, nowSec: number): string => {
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: sa.client_email, scope: 'https://www.googleapis.com/auth/cloud-platform', aud: sa.token_uri, iat: nowSec, exp: nowSec + 3600 }));
  const signer = createSign('RSA-SHA256');
  signer.update(`${head}.${claims}`);
  return `${head}.${claims}.${b64url(signer.sign(sa.private_key))}`;
};

/** Tokens per service account (they live an hour): one exchange serves many turns. */
export class TokenCache {
  private tokens = new Map<string, { token: string; until: number }>();
  async get(sa: ServiceAccount, http: HttpOptions, now: () => number): Promise<{ token: string } | { error: string; status: number | null }> {
    const key = `${sa.token_uri}|${sa.client_email}`;
    const hit = this.tokens.get(key);
    if (hit && hit.until > now()) return { token: hit.token };
    let jwt: string;
    try {
      jwt = assertion(sa, Math.floor(now() / 1000));
    } catch {
      return { error: 'bad-key', status: null };
    }
    const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: jwt }).toString();
    const r = await postJson(sa.token_uri, body, { 'content-type': 'application/x-www-form-urlencoded' }, http);
    if (!r.ok) return { error: `token-${r.error}`, status: r.status };
    const t = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() }).safeParse(r.json);
    if (!t.success) return { error: 'token-bad-json', status: r.status };
    // A minute's margin so a token never expires in flight.
    this.tokens.set(key, { token: t.data.access_token, until: now() + Math.max(0, (t.data.expires_in ?? 3600) - 60) * 1000 });
    return { token: t.data.access_token };
  }
}

const DetectAnswer = z.looseObject({
  queryResult: z
    .looseObject({
      fulfillmentText: z.string().optional(),
      fulfillmentMessages: z.array(z.looseObject({ text: z.looseObject({ text: z.array(z.string()).optional() }).optional() })).optional(),
      intent: z.looseObject({ displayName: z.string().optional(), endInteraction: z.boolean().optional() }).optional(),
    })
    .optional(),
});

export interface DialogflowConfig {
  id: number;
  baseUrl: string;
  projectName: string;
  language: string;
  account: ServiceAccount;
}

/** One detectIntent: `POST {base}/v2/projects/{project}/agent/sessions/{session}:detectIntent`. */
export const detectIntent = async (cfg: DialogflowConfig, sessionId: string, text: string, tokens: TokenCache, http: HttpOptions, now: () => number, replay = false) => {
  const started = now();
  const tok = await tokens.get(cfg.account, http, now);
  if ('error' in tok) return { ok: false as const, error: tok.error, status: tok.status, ms: now() - started };
  const project = cfg.projectName || cfg.account.project_id || '';
  const url = `${cfg.baseUrl.replace(/\/+$/, '')}/v2/projects/${encodeURIComponent(project)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
  const r = await postJson(url, JSON.stringify({ queryInput: { text: { text: text.slice(0, 256), languageCode: cfg.language } } }), { authorization: `Bearer ${tok.token}`, ...(replay ? { [REPLAY_HEADER]: '1' } : {}) }, http);
  if (!r.ok) return { ok: false as const, error: r.error, status: r.status, ms: now() - started };
  const a = DetectAnswer.safeParse(r.json);
  if (!a.success || !a.data.queryResult) return { ok: false as const, error: 'bad-json', status: r.status, ms: now() - started };
  const q = a.data.queryResult;
  const texts = (q.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim() !== '');
  const replies = texts.length ? texts : q.fulfillmentText ? [q.fulfillmentText] : [];
  return { ok: true as const, replies, intent: q.intent?.displayName ?? null, end: q.intent?.endInteraction === true, status: r.status, ms: now() - started };
};

export const callDialogflow = async (cfg: DialogflowConfig, turn: BotTurn, tokens: TokenCache, http: HttpOptions, now: () => number): Promise<BotReply> => {
  // A replay talks in a session of its own (decision 0201), so the ticket's real context is untouched.
  const session = turn.replay ? `replay-${turn.replay.runId}` : turn.ticketUuid;
  const r = await detectIntent(cfg, session, turn.text, tokens, http, now, !!turn.replay);
  const base = { type: 'dialogflow', integrationId: cfg.id, status: r.status, ms: r.ms };
  if (!r.ok) return { messages: [], stop: true, timeline: [{ kind: 'integration', detail: { ...base, error: r.error } }] };
  return {
    messages: r.replies.map((body) => ({ body })),
    // An intent that ends the conversation hands the ticket to a person.
    stop: r.end,
    timeline: [{ kind: 'integration', detail: { ...base, intent: r.intent, replies: r.replies.length, end: r.end } }],
  };
};
