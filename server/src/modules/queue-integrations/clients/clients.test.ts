/**
 * The integration clients against local fake servers (no outside network): n8n/webhook (signed
 * payload, the reply acted on, timeouts/500/bad JSON → a person), Typebot (start/continue,
 * keywords, expiry, choices, control messages) and Dialogflow (JWT bearer grant, detectIntent).
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BotTurn } from '../../bot';
import { startLocalServer } from '../../../../test/helpers/local-server';
import { callDialogflow, TokenCache } from './dialogflow';
import type { HttpOptions } from './http';
import { callTypebot, parseControl, type TypebotConfig } from './typebot';
import { WEBHOOK_SIGNATURE_HEADER } from '@balcao/shared';
import { verifySignature } from '../../../lib/signature';
import { callWebhook } from './webhook';

const http: HttpOptions = { timeoutMs: 300, retries: 2, maxBytes: 64 * 1024, backoffMs: () => 0, allowPrivateHosts: true };
const turn = (over: Partial<BotTurn> = {}): BotTurn => ({
  companyId: 7,
  ticketId: 11,
  ticketUuid: 'uuid-11',
  queueId: 3,
  contact: { id: 5, name: 'Maria Souza', number: '5511999990000' },
  text: 'Olá',
  mediaType: null,
  mediaPath: null,
  session: null,
  ...over,
});

type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse) => void;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});
/** A fake service; `calls` records each request (path, headers, raw body). */
const fake = async (handler: Handler) => {
  const calls: { path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const s = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', headers: req.headers, body });
      handler(Object.assign(req, { body }), res);
    });
  });
  closers.push(s.close);
  return { base: s.base, calls };
};
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

describe('webhook and n8n', () => {
  const integration = (url: string) => ({ id: 9, name: 'Fluxo', type: 'webhook', url, secret: 's3cr3t' });

  it("POSTs the documented payload signed as outbound webhooks are (t=…,v1=HMAC of 't.body'), and acts on { reply, queueId, userId, stop }", async () => {
    const srv = await fake((req, res) => {
      const header = String(req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? '');
      if (!verifySignature('s3cr3t', req.body, header, { nowSeconds: Math.floor(Date.now() / 1000), toleranceSeconds: 300 })) return json(res, 401, { error: 'bad signature' });
      json(res, 200, { reply: 'Vou te transferir', queueId: 4 });
    });
    const r = await callWebhook(integration(`${srv.base}/hook`), turn(), http);
    expect(JSON.parse(srv.calls[0]!.body)).toEqual({
      event: 'message',
      integration: { id: 9, name: 'Fluxo', type: 'webhook' },
      company: { id: 7 },
      ticket: { id: 11, uuid: 'uuid-11', queueId: 3 },
      contact: { id: 5, name: 'Maria Souza', number: '5511999990000' },
      message: { body: 'Olá', mediaType: null },
    });
    expect(r).toMatchObject({ messages: [{ body: 'Vou te transferir' }], queueId: 4, stop: true });
    expect(r.timeline[0]).toMatchObject({ kind: 'integration', detail: { status: 200, queueId: 4 } });
  });

  it('keeps the bot on a plain reply, and sends several replies in order', async () => {
    const srv = await fake((_req, res) => json(res, 200, { reply: ['Um', 'Dois'] }));
    expect(await callWebhook(integration(srv.base), turn(), http)).toMatchObject({ messages: [{ body: 'Um' }, { body: 'Dois' }], stop: false });
  });

  it('retries a 500 twice, then hands the ticket to a person with the status on the timeline', async () => {
    const srv = await fake((_req, res) => json(res, 500, { error: 'boom' }));
    const r = await callWebhook(integration(srv.base), turn(), http);
    expect(srv.calls).toHaveLength(3);
    expect(r).toMatchObject({ messages: [], stop: true, timeline: [{ kind: 'integration', detail: { status: 500, error: 'http', attempts: 3 } }] });
  });

  it('does not retry a 4xx', async () => {
    const srv = await fake((_req, res) => json(res, 403, {}));
    const r = await callWebhook(integration(srv.base), turn(), http);
    expect(srv.calls).toHaveLength(1);
    expect(r).toMatchObject({ stop: true, timeline: [{ detail: { status: 403, error: 'http' } }] });
  });

  it('answers bad JSON and a wrongly shaped answer with stop', async () => {
    const bad = await fake((_req, res) => json(res, 200, '{"reply": '));
    expect(await callWebhook(integration(bad.base), turn(), http)).toMatchObject({ stop: true, timeline: [{ detail: { error: 'bad-json' } }] });
    const shape = await fake((_req, res) => json(res, 200, { queueId: 'três' }));
    expect(await callWebhook(integration(shape.base), turn(), http)).toMatchObject({ stop: true, timeline: [{ detail: { error: 'bad-json' } }] });
  });

  it('gives up after its timeout on every attempt', async () => {
    const srv = await fake(() => undefined);
    const started = Date.now();
    const r = await callWebhook(integration(srv.base), turn(), http);
    expect(r).toMatchObject({ stop: true, timeline: [{ detail: { error: 'timeout', attempts: 3 } }] });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses an answer over the size limit', async () => {
    const srv = await fake((_req, res) => json(res, 200, { reply: 'x'.repeat(100 * 1024) }));
    expect(await callWebhook(integration(srv.base), turn(), http)).toMatchObject({ stop: true, timeline: [{ detail: { error: 'too-large' } }] });
  });
});

describe('typebot', () => {
  const cfg = (url: string, over: Partial<TypebotConfig> = {}): TypebotConfig => ({
    id: 2,
    url,
    slug: 'atendimento',
    expires: 1,
    delayMs: 1000,
    keywordFinish: 'sair',
    keywordRestart: 'reiniciar',
    restartMessage: 'Recomeçando…',
    unknownMessage: 'Não entendi, escolha uma opção.',
    ...over,
  });
  const now = () => 1_000_000;
  const greeting = {
    sessionId: 'sess-1',
    messages: [{ id: 'a', type: 'text', content: { type: 'markdown', markdown: 'Bem-vindo!' } }],
    input: { id: 'i', type: 'choice input', items: [{ id: '1', content: 'Vendas' }, { id: '2', content: 'Suporte' }] },
  };

  it('starts a chat, sends its bubbles with the delay and the choices as a menu, and keeps the session', async () => {
    const srv = await fake((_req, res) => json(res, 200, greeting));
    const r = await callTypebot(cfg(srv.base), turn(), http, now);
    expect(srv.calls[0]!.path).toBe('/api/v1/typebots/atendimento/startChat');
    expect(r.messages).toEqual([
      { body: 'Bem-vindo!', delayMs: 1000 },
      { body: '*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte', delayMs: 1000 },
    ]);
    expect(r.stop).toBe(false);
    expect(JSON.parse(r.session!)).toEqual({ sessionId: 'sess-1', expiresAt: 1_000_000 + 60_000, choices: ['Vendas', 'Suporte'] });
  });

  it('continues the session with the chosen option (by number), reading rich text too', async () => {
    const srv = await fake((_req, res) =>
      json(res, 200, { messages: [{ type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Certo, ' }, { text: 'suporte.' }] }] } }], input: { type: 'text input' } }),
    );
    const session = JSON.stringify({ sessionId: 'sess-1', expiresAt: 2_000_000, choices: ['Vendas', 'Suporte'] });
    const r = await callTypebot(cfg(srv.base), turn({ text: '2', session }), http, now);
    expect(srv.calls[0]!.path).toBe('/api/v1/sessions/sess-1/continueChat');
    expect(JSON.parse(srv.calls[0]!.body)).toMatchObject({ message: { type: 'text', text: 'Suporte' } });
    expect(r.messages).toEqual([{ body: 'Certo, suporte.', delayMs: 1000 }]);
    expect(JSON.parse(r.session!)).toMatchObject({ sessionId: 'sess-1', choices: [] });
  });

  it('answers an unknown option with the unknown message without calling Typebot', async () => {
    const srv = await fake((_req, res) => json(res, 200, greeting));
    const session = JSON.stringify({ sessionId: 'sess-1', expiresAt: 2_000_000, choices: ['Vendas', 'Suporte'] });
    const r = await callTypebot(cfg(srv.base), turn({ text: '7', session }), http, now);
    expect(srv.calls).toHaveLength(0);
    expect(r.messages).toEqual([{ body: 'Não entendi, escolha uma opção.', delayMs: 1000 }]);
    expect(r.session).toBeUndefined();
  });

  it('finishes on the finish keyword (any case) and restarts on the restart keyword', async () => {
    const srv = await fake((_req, res) => json(res, 200, greeting));
    const session = JSON.stringify({ sessionId: 'sess-1', expiresAt: 2_000_000, choices: [] });
    expect(await callTypebot(cfg(srv.base), turn({ text: 'SAIR', session }), http, now)).toMatchObject({ messages: [], stop: true, session: null });
    const r = await callTypebot(cfg(srv.base), turn({ text: 'Reiniciar', session }), http, now);
    expect(srv.calls.map((c) => c.path)).toEqual(['/api/v1/typebots/atendimento/startChat']);
    expect(r.messages[0]).toEqual({ body: 'Recomeçando…', delayMs: 1000 });
    expect(r.messages[1]).toEqual({ body: 'Bem-vindo!', delayMs: 1000 });
  });

  it('starts over when the session expired', async () => {
    const srv = await fake((_req, res) => json(res, 200, greeting));
    const session = JSON.stringify({ sessionId: 'old', expiresAt: 999_999, choices: [] });
    const r = await callTypebot(cfg(srv.base), turn({ session }), http, now);
    expect(srv.calls[0]!.path).toBe('/api/v1/typebots/atendimento/startChat');
    expect(r.timeline[0]).toMatchObject({ detail: { event: 'session-expired' } });
  });

  it('turns a control bubble into a move to a queue and lets go; a flow without input ends the bot', async () => {
    const srv = await fake((_req, res) => json(res, 200, { sessionId: 's', messages: [{ type: 'text', content: { markdown: 'Transferindo…' } }, { type: 'text', content: { markdown: '#{"queueId":3}' } }], input: { type: 'text input' } }));
    const r = await callTypebot(cfg(srv.base), turn(), http, now);
    expect(r).toMatchObject({ messages: [{ body: 'Transferindo…' }], queueId: 3, stop: true, session: null });
    const end = await fake((_req, res) => json(res, 200, { sessionId: 's', messages: [{ type: 'text', content: { markdown: 'Tchau' } }] }));
    expect(await callTypebot(cfg(end.base), turn(), http, now)).toMatchObject({ messages: [{ body: 'Tchau' }], stop: true, session: null });
  });

  it('parses only whole control messages', () => {
    expect(parseControl('#{"userId": 8}')).toEqual({ userId: 8 });
    expect(parseControl('#{"stop": true}')).toEqual({ stop: true });
    expect(parseControl('veja #{"queueId":3}')).toBeNull();
    expect(parseControl('#{"queueId":-1}')).toBeNull();
    expect(parseControl('#{queueId:3}')).toBeNull();
  });

  it('hands a 500, bad JSON or a timeout to a person', async () => {
    const err = await fake((_req, res) => json(res, 500, {}));
    expect(await callTypebot(cfg(err.base), turn(), http, now)).toMatchObject({ messages: [], stop: true, session: null });
    const bad = await fake((_req, res) => json(res, 200, '<html>'));
    expect(await callTypebot(cfg(bad.base), turn(), http, now)).toMatchObject({ stop: true, timeline: [{ detail: { error: 'bad-json' } }] });
    const slow = await fake(() => undefined);
    expect(await callTypebot(cfg(slow.base), turn(), http, now)).toMatchObject({ stop: true, timeline: [{ detail: { error: 'timeout' } }] });
  });

  it('marks a replay’s calls with X-Balcao-Replay (and an ordinary turn’s not)', async () => {
    const srv = await fake((_req, res) => json(res, 200, greeting));
    await callTypebot(cfg(srv.base), turn({ replay: { runId: 'r1', history: [] } }), http, now);
    await callTypebot(cfg(srv.base), turn(), http, now);
    expect(srv.calls.map((c) => c.headers['x-balcao-replay'])).toEqual(['1', undefined]);
  });

  it('opens a new session when Typebot no longer knows the stored one', async () => {
    const srv = await fake((req, res) => (req.url?.includes('/sessions/') ? json(res, 404, {}) : json(res, 200, greeting)));
    const session = JSON.stringify({ sessionId: 'gone', expiresAt: 2_000_000, choices: [] });
    const r = await callTypebot(cfg(srv.base), turn({ text: 'oi', session }), http, now);
    expect(srv.calls.map((c) => c.path)).toEqual(['/api/v1/sessions/gone/continueChat', '/api/v1/typebots/atendimento/startChat']);
    expect(JSON.parse(r.session!)).toMatchObject({ sessionId: 'sess-1' });
  });
});

describe('dialogflow', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const now = () => 1_700_000_000_000;

  /** One fake for both Google endpoints: the token URI verifies the RS256 assertion. */
  const google = async (detect: (res: ServerResponse) => void) =>
    fake((req, res) => {
      if (req.url === '/token') {
        const form = new URLSearchParams(req.body);
        const [h, c, s] = (form.get('assertion') ?? '').split('.');
        const ok = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s ?? '', 'base64url'));
        const claims = JSON.parse(Buffer.from(c ?? '', 'base64url').toString()) as { iss: string; aud: string };
        if (!ok || claims.iss !== 'bot@proj.iam.gserviceaccount.com' || !claims.aud.endsWith('/token')) return json(res, 400, { error: 'invalid_grant' });
        return json(res, 200, { access_token: 'tok-1', expires_in: 3600 });
      }
      if (req.headers.authorization !== 'Bearer tok-1') return json(res, 401, {});
      detect(res);
    });
  const cfg = (base: string) => ({ id: 4, baseUrl: base, projectName: 'proj', language: 'pt-BR', account: { client_email: 'bot@proj.iam.gserviceaccount.com', private_key: privateKey, token_uri: `${base}/token` } });

  it('exchanges a signed JWT for a token once and detects the intent of each turn', async () => {
    const srv = await google((res) => json(res, 200, { queryResult: { fulfillmentMessages: [{ text: { text: ['Oi! Como posso ajudar?'] } }], intent: { displayName: 'Boas-vindas' } } }));
    const tokens = new TokenCache();
    const r = await callDialogflow(cfg(srv.base), turn(), tokens, http, now);
    expect(r).toMatchObject({ messages: [{ body: 'Oi! Como posso ajudar?' }], stop: false, timeline: [{ detail: { intent: 'Boas-vindas', status: 200 } }] });
    expect(srv.calls[1]!.path).toBe('/v2/projects/proj/agent/sessions/uuid-11:detectIntent');
    expect(JSON.parse(srv.calls[1]!.body)).toEqual({ queryInput: { text: { text: 'Olá', languageCode: 'pt-BR' } } });
    await callDialogflow(cfg(srv.base), turn(), tokens, http, now);
    expect(srv.calls.filter((c) => c.path === '/token')).toHaveLength(1);
  });

  it('a replay talks in a session of its own, marked, so the ticket’s real context is untouched', async () => {
    const srv = await google((res) => json(res, 200, { queryResult: { fulfillmentText: 'Oi' } }));
    await callDialogflow(cfg(srv.base), turn({ replay: { runId: 'run-9', history: [] } }), new TokenCache(), http, now);
    const detect = srv.calls.find((c) => c.path.endsWith(':detectIntent'))!;
    expect(detect.path).toBe('/v2/projects/proj/agent/sessions/replay-run-9:detectIntent');
    expect(detect.headers['x-balcao-replay']).toBe('1');
  });

  it('ends the bot when the intent ends the interaction', async () => {
    const srv = await google((res) => json(res, 200, { queryResult: { fulfillmentText: 'Até logo', intent: { displayName: 'Fim', endInteraction: true } } }));
    expect(await callDialogflow(cfg(srv.base), turn(), new TokenCache(), http, now)).toMatchObject({ messages: [{ body: 'Até logo' }], stop: true });
  });

  it('hands a refused token, a 500 or bad JSON to a person', async () => {
    const wrongKey = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
    const srv = await google((res) => json(res, 500, {}));
    expect(await callDialogflow({ ...cfg(srv.base), account: { ...cfg(srv.base).account, private_key: wrongKey } }, turn(), new TokenCache(), http, now)).toMatchObject({
      stop: true,
      timeline: [{ detail: { error: 'token-http', status: 400 } }],
    });
    expect(await callDialogflow(cfg(srv.base), turn(), new TokenCache(), http, now)).toMatchObject({ stop: true, timeline: [{ detail: { error: 'http', status: 500 } }] });
    const bad = await google((res) => json(res, 200, 'nope'));
    expect(await callDialogflow(cfg(bad.base), turn(), new TokenCache(), http, now)).toMatchObject({ stop: true, timeline: [{ detail: { error: 'bad-json' } }] });
  });
});
