import { z } from 'zod';
import type { BotReply, BotReplyMessage, BotTurn, TimelineEntry } from '../../bot';
import { postJson, replayHeaders, type HttpOptions } from './http';

export interface TypebotConfig {
  id: number;
  url: string;
  slug: string;
  /** Minutes a session lives without a message (0: never expires). */
  expires: number;
  delayMs: number;
  keywordFinish: string;
  keywordRestart: string;
  restartMessage: string;
  unknownMessage: string;
}

/** What we keep on the ticket (BotReply.session): Typebot's session, when it ends, the choices it offered. */
interface Session {
  sessionId: string;
  expiresAt: number | null;
  choices: string[];
}

const parseSession = (raw: string | null): Session | null => {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Session;
    return typeof s.sessionId === 'string' ? { sessionId: s.sessionId, expiresAt: typeof s.expiresAt === 'number' ? s.expiresAt : null, choices: Array.isArray(s.choices) ? s.choices.map(String) : [] } : null;
  } catch {
    return null;
  }
};

const RichNode: z.ZodType<{ text?: string; children?: unknown[]; type?: string }> = z.looseObject({ text: z.string().optional(), type: z.string().optional(), children: z.array(z.unknown()).optional() });
/** Rich text (Slate nodes) to plain text: top-level blocks become lines. */
const flatten = (nodes: unknown[], sep = '\n'): string =>
  nodes
    .map((n) => {
      const p = RichNode.safeParse(n);
      return p.success ? (p.data.text ?? '') + (p.data.children ? flatten(p.data.children, '') : '') : '';
    })
    .join(sep);

const TypebotAnswer = z.looseObject({
  sessionId: z.string().optional(),
  messages: z
    .array(
      z.looseObject({
        type: z.string(),
        content: z.looseObject({ markdown: z.string().optional(), richText: z.array(z.unknown()).optional(), url: z.string().optional(), plainText: z.string().optional() }).optional(),
      }),
    )
    .default([]),
  input: z.looseObject({ type: z.string().optional(), items: z.array(z.looseObject({ content: z.string().optional() })).optional() }).nullish(),
});
type TypebotAnswer = z.infer<typeof TypebotAnswer>;

/**
 * A control message (decision 0183): a bubble whose whole text is `#` followed by JSON with
 * `queueId`, `userId` and/or `stop` moves the ticket instead of being sent, e.g. `#{"queueId":3}`.
 */
export const parseControl = (text: string): { queueId?: number; userId?: number; stop?: boolean } | null => {
  const t = text.trim();
  if (!t.startsWith('#{') || !t.endsWith('}')) return null;
  try {
    const o = JSON.parse(t.slice(1)) as Record<string, unknown>;
    const pos = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
    const c = { queueId: pos(o.queueId), userId: pos(o.userId), stop: o.stop === true ? true : undefined };
    return c.queueId || c.userId || c.stop ? c : null;
  } catch {
    return null;
  }
};

const bubbles = (a: TypebotAnswer): string[] =>
  a.messages
    .map((m) => {
      if (m.type === 'text') return m.content?.markdown ?? (m.content?.richText ? flatten(m.content.richText) : (m.content?.plainText ?? ''));
      return m.content?.url ?? '';
    })
    .filter((t) => t.trim() !== '');

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Typebot over its public API: `POST {url}/api/v1/typebots/{slug}/startChat` opens a session,
 * `POST {url}/api/v1/sessions/{id}/continueChat` answers it. Keywords, expiry, choices and
 * control messages as in decision 0183.
 */
export const callTypebot = async (cfg: TypebotConfig, turn: BotTurn, http: HttpOptions, now: () => number): Promise<BotReply> => {
  const timeline: TimelineEntry[] = [];
  const base = cfg.url.replace(/\/+$/, '');
  const text = turn.text.trim();
  let session = parseSession(turn.session);
  if (session?.expiresAt != null && session.expiresAt <= now()) {
    timeline.push({ kind: 'integration', detail: { type: 'typebot', integrationId: cfg.id, event: 'session-expired' } });
    session = null;
  }
  if (cfg.keywordFinish && same(text, cfg.keywordFinish)) {
    timeline.push({ kind: 'integration', detail: { type: 'typebot', integrationId: cfg.id, event: 'finish-keyword' } });
    return { messages: [], stop: true, session: null, timeline };
  }
  const messages: BotReplyMessage[] = [];
  const say = (body: string) => messages.push({ body, delayMs: cfg.delayMs });
  let restart = false;
  if (cfg.keywordRestart && same(text, cfg.keywordRestart)) {
    restart = true;
    session = null;
    if (cfg.restartMessage.trim()) say(cfg.restartMessage);
  }
  let reply = text;
  if (session && session.choices.length) {
    const n = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    const choice = n >= 1 && n <= session.choices.length ? session.choices[n - 1]! : session.choices.find((c) => same(c, text));
    if (!choice) {
      timeline.push({ kind: 'integration', detail: { type: 'typebot', integrationId: cfg.id, event: 'unknown-option' } });
      if (cfg.unknownMessage.trim()) say(cfg.unknownMessage);
      return { messages, timeline };
    }
    reply = choice;
  }

  const call = async (path: string, body: unknown) => {
    const r = await postJson(`${base}${path}`, JSON.stringify(body), replayHeaders(turn), http);
    timeline.push({ kind: 'integration', detail: { type: 'typebot', integrationId: cfg.id, call: path.endsWith('startChat') ? 'startChat' : 'continueChat', status: r.status, ms: r.ms, attempts: r.attempts, ...(r.ok ? {} : { error: r.error }) } });
    return r;
  };
  const start = () => call(`/api/v1/typebots/${encodeURIComponent(cfg.slug)}/startChat`, { textBubbleContentFormat: 'markdown' });
  let r = session && !restart ? await call(`/api/v1/sessions/${encodeURIComponent(session.sessionId)}/continueChat`, { message: { type: 'text', text: reply }, textBubbleContentFormat: 'markdown' }) : await start();
  // Typebot forgot the session (restarted, cleaned up): open a new one rather than fail the customer.
  if (!r.ok && r.error === 'http' && r.status === 404 && session) {
    session = null;
    r = await start();
  }
  if (!r.ok) return { messages: [], stop: true, session: null, timeline };
  const parsed = TypebotAnswer.safeParse(r.json);
  if (!parsed.success || (!session && !parsed.data.sessionId)) {
    timeline.push({ kind: 'integration', detail: { type: 'typebot', integrationId: cfg.id, error: 'bad-json' } });
    return { messages: [], stop: true, session: null, timeline };
  }
  const answer = parsed.data;
  const control: { queueId?: number; userId?: number; stop?: boolean } = {};
  for (const b of bubbles(answer)) {
    const c = parseControl(b);
    if (c) Object.assign(control, Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)));
    else say(b);
  }
  const choices = (answer.input?.items ?? []).map((i) => i.content ?? '').filter((c) => c.trim() !== '');
  if (choices.length) say(choices.map((c, i) => `*[ ${i + 1} ]* - ${c}`).join('\n'));
  const moved = control.queueId !== undefined || control.userId !== undefined;
  // The flow ended (no input awaited) or a control message handed the ticket on: the bot lets go.
  const done = moved || control.stop === true || !answer.input;
  if (moved || control.stop) timeline.push({ kind: 'integration', detail: { type: 'typebot', integrationId: cfg.id, event: 'control', ...control } });
  const sessionId = answer.sessionId ?? session?.sessionId ?? '';
  return {
    messages,
    ...(control.queueId !== undefined ? { queueId: control.queueId } : {}),
    ...(control.userId !== undefined ? { userId: control.userId } : {}),
    stop: done,
    session: done ? null : JSON.stringify({ sessionId, expiresAt: cfg.expires > 0 ? now() + cfg.expires * 60_000 : null, choices } satisfies Session),
    timeline,
  };
};
