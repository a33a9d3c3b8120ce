/**
 * Replay before publishing (issue 12 item 7) on real PostgreSQL: a queue's current menu and
 * option tree, a webhook integration and an AI prompt (local fake servers) run over a past
 * ticket's customer messages — and nothing is sent, stored or changed (messages, the ticket,
 * ticket_events, pg-boss jobs counted before and after).
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanDto, ReplayResponse } from '@balcao/shared';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { startLocalServer } from '../../../test/helpers/local-server';
import { uniquePhone } from '../../../test/helpers/tenants';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';
import type { ExternalResponder } from './bot.port';
import { createBotReplay } from './bot.replay';

const read = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString('utf8')));
    req.on('end', () => resolve(s));
  });

interface Seen {
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}
const hookCalls: Seen[] = [];
const aiCalls: Seen[] = [];
let hook: Awaited<ReturnType<typeof startLocalServer>>;
let ai: Awaited<ReturnType<typeof startLocalServer>>;

let app: TestApp;
let a: TestCompany;
let suporte: number;
let vendas: number;
let ticketId: number;
const MENU = 'Olá! Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas';

beforeAll(async () => {
  hook = await startLocalServer((req, res) => {
    void read(req).then((raw) => {
      const body = JSON.parse(raw) as { message: { body: string } };
      hookCalls.push({ headers: req.headers, body });
      if (body.message.body === 'obrigado') {
        res.writeHead(500).end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reply: `eco: ${body.message.body}` }));
    });
  });
  ai = await startLocalServer((req, res) => {
    void read(req).then((raw) => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      aiCalls.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: `Resposta ${aiCalls.length}` } }], usage: { total_tokens: 7 } }));
    });
  });
  app = await createTestApp();
  a = await createCompany(app);
  suporte = (await a.addQueue('Suporte')).id;
  vendas = (await a.addQueue('Vendas')).id;

  // The past conversation: the connection had no queues then (the bot said nothing live), and
  // the history below is what was stored at the time.
  const phone = uniquePhone();
  await a.inbound(phone, 'oi', { name: 'Maria Souza' });
  const [t] = await vi.waitFor(async () => {
    const rows = await app.owner`select t.id, t.contact_id from tickets t join contacts c on c.id = t.contact_id where c.number = ${phone} and t.company_id = ${a.companyId}`;
    expect(rows.length).toBe(1);
    return rows;
  });
  ticketId = t!.id as number;
  // The live bot had nothing to do on 'oi' (no queue, no responder on the connection then): no
  // turn was even queued (bot.gate.ts), so none can answer it later with today's configuration.
  await app.bus.idle();
  expect(await app.owner`select state from pgboss.job where name = 'bot.turn' and data->>'ticketId' = ${String(ticketId)}`).toEqual([]);
  const w = a.whatsapp.id;
  const msg = (n: number, body: string, fromMe: boolean) =>
    app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, automated, ack, created_at)
      values (${a.companyId}, ${ticketId}, ${t!.contact_id as number}, ${w}, ${`replay-${ticketId}-${n}`}, ${body}, ${fromMe}, ${fromMe}, 3, now() + make_interval(secs => ${n}))`;
  await msg(1, 'Menu antigo', true);
  await msg(2, '1', false);
  await msg(3, 'Suporte antigo', true);
  await msg(4, '1', false);
  await msg(5, 'obrigado', false);

  // Today's configuration: a menu of two queues, Suporte with a one-leaf tree.
  await app.owner`update queues set order_queue = 1, greeting_message = 'Bem-vindo ao Suporte' where id = ${suporte}`;
  await app.owner`update queues set order_queue = 2 where id = ${vendas}`;
  await app.owner`insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values (${a.companyId}, ${w}, ${suporte}), (${a.companyId}, ${w}, ${vendas})`;
  await app.owner`update whatsapps set greeting_message = 'Olá! Escolha:', max_use_bot_queues = 3 where id = ${w}`;
  await app.owner`insert into queue_options (company_id, queue_id, title, option, message) values (${a.companyId}, ${suporte}, 'Boletos', '1', 'Seu boleto segue, {{name}}')`;
});
afterAll(async () => {
  await app.close();
  await hook.close();
  await ai.close();
});

/** Everything a replay must leave alone. */
const snapshot = async () => {
  const [m] = await app.owner`select count(*)::int as n, max(id) as last from messages where company_id = ${a.companyId}`;
  const [t] = await app.owner`select to_jsonb(t) as row from tickets t where id = ${ticketId}`;
  const [e] = await app.owner`select count(*)::int as n from ticket_events where company_id = ${a.companyId}`;
  const [j] = await app.owner`select count(*)::int as n from pgboss.job where data->>'companyId' = ${String(a.companyId)} or name in ('message.send', 'bot.turn')`;
  const [au] = await app.owner`select count(*)::int as n from audit_logs where company_id = ${a.companyId}`;
  return { messages: m, ticket: t!.row as unknown, events: e!.n as number, jobs: j!.n as number, audit: au!.n as number };
};

const replay = (body: Record<string, unknown>, token = a.adminToken) => api(app, token).post<ReplayResponse>('/bot/replay', body);

describe('POST /bot/replay', () => {
  it('runs the current menu and option tree over the past messages, side by side with what was sent then — and changes nothing', async () => {
    const before = await snapshot();
    const r = await replay({ ticketId, queueId: suporte });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = r.body.rows;
    expect(rows.map((x) => x.inbound.body)).toEqual(['oi', '1', '1', 'obrigado']);
    expect(rows.map((x) => x.actual.map((m) => m.body))).toEqual([['Menu antigo'], ['Suporte antigo'], [], []]);
    expect(rows.map((x) => x.replay.map((m) => m.body))).toEqual([
      [MENU],
      ['Bem-vindo ao Suporte\n\n*[ 1 ]* - Boletos\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial'],
      ['Seu boleto segue, Maria Souza'],
      [],
    ]);
    expect(rows[2]!.decision).toMatchObject({ status: 'pending', queueId: suporte, queueName: 'Suporte', handoff: 'leaf', withPerson: false });
    expect(rows[3]!.decision).toMatchObject({ withPerson: true, handoff: null });
    expect(rows[0]!.events.map((e) => e.kind)).toEqual(['menu']);
    expect(r.body).toMatchObject({ target: { kind: 'queue', id: suporte, name: 'Suporte' }, inboundTotal: 4, truncated: false, budgetExceeded: false });
    expect(await snapshot()).toEqual(before);
  });

  it('a queue outside the ticket’s connection runs alone, greeting first', async () => {
    const solo = (await a.addQueue('Avulsa')).id;
    await app.owner`update queues set greeting_message = 'Fila avulsa' where id = ${solo}`;
    const r = await replay({ ticketId, queueId: solo });
    expect(r.status).toBe(200);
    expect(r.body.rows[0]!.replay.map((m) => m.body)).toEqual(['Fila avulsa']);
    expect(r.body.rows[0]!.decision).toMatchObject({ status: 'pending', queueId: solo, handoff: 'queue' });
  });

  it('a webhook integration is called with the replay mark; its failure is the row’s error, not a 500', async () => {
    const created = await api(app, a.adminToken).post<{ id: number }>('/queueIntegration', { name: 'Gancho', type: 'webhook', urlN8N: `${hook.base}/hook`, secret: 'segredo' });
    expect(created.status).toBe(200);
    const before = await snapshot();
    hookCalls.length = 0;
    const r = await replay({ ticketId, integrationId: created.body.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rows.map((x) => x.replay.map((m) => m.body))).toEqual([['eco: oi'], ['eco: 1'], ['eco: 1'], []]);
    expect(r.body.rows.map((x) => x.error)).toEqual([null, null, null, 'integration: http (500)']);
    expect(r.body.rows[3]!.decision).toMatchObject({ status: 'pending', handoff: 'responder-stop' });
    // The receiver knows it is a dry run: a header on every call and `replay: true` in the payload.
    expect(hookCalls.length).toBeGreaterThanOrEqual(4);
    for (const c of hookCalls) {
      expect(c.headers['x-balcao-replay']).toBe('1');
      expect(c.body.replay).toBe(true);
      expect(c.headers['x-balcao-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an AI prompt answers over the simulated conversation, never the stored one', async () => {
    const p = await api(app, a.adminToken).post<{ id: number }>('/prompt', { name: 'Assistente', prompt: 'Você é a atendente virtual da Padaria Central. Responda com educação e de forma breve.', apiKey: 'sk-test-1234567890abcd', queueId: suporte, baseUrl: ai.base, voice: 'pt-BR-FranciscaNeural', voiceKey: 'chave-voz', voiceRegion: 'brazilsouth' });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const before = await snapshot();
    aiCalls.length = 0;
    const r = await replay({ ticketId, promptId: p.body.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rows.map((x) => x.replay.map((m) => m.body))).toEqual([['Resposta 1'], ['Resposta 2'], ['Resposta 3'], ['Resposta 4']]);
    // The voice note is named, not synthesised (no TTS server exists here: a call would fail the row).
    expect(r.body.rows.every((x) => x.replay[0]!.voice === 'pt-BR-FranciscaNeural' && x.error === null)).toBe(true);
    expect(aiCalls.every((c) => c.headers['x-balcao-replay'] === '1')).toBe(true);
    const second = (aiCalls[1]!.body.messages as { role: string; content: string }[]).slice(1);
    expect(second).toEqual([
      { role: 'user', content: 'oi' },
      { role: 'assistant', content: 'Resposta 1' },
      { role: 'user', content: '1' },
    ]);
    expect(JSON.stringify(aiCalls.map((c) => c.body))).not.toContain('Menu antigo');
    expect(await snapshot()).toEqual(before);
  });

  it('is bounded: the first N customer messages, and a time budget that turns a hanging responder into a row error', async () => {
    const [integ] = await app.owner`insert into queue_integrations (company_id, name, type) values (${a.companyId}, 'Lenta', 'webhook') returning id`;
    const hanging: ExternalResponder = { respond: () => new Promise(() => undefined) };
    const service = createBotReplay({ data: app.data, responders: { integration: hanging }, maxInbound: 3, budgetMs: 300 });
    const ctx = { companyId: a.companyId, userId: a.admin.id, profile: 'admin' as const, super: false };
    const r = await service.replay(ctx, { ticketId, integrationId: integ!.id as number });
    expect(r).toMatchObject({ inboundTotal: 4, limit: 3, truncated: true, budgetExceeded: true });
    expect(r.rows.map((x) => [x.error, x.skipped])).toEqual([
      ['integration: time-budget', false],
      [null, true],
      [null, true],
    ]);
  });

  it('admins and supervisors only; each target needs its plan feature; exactly one target', async () => {
    const user = await a.addUser({ profile: 'user' });
    const sup = await a.addUser({ profile: 'supervisor' });
    expect((await replay({ ticketId, queueId: suporte }, user.token)).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await replay({ ticketId, queueId: suporte }, sup.token)).status).toBe(200);
    expect((await replay({ ticketId, queueId: suporte, promptId: 1 })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await replay({ ticketId })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await replay({ ticketId: 99999999, queueId: suporte })).body).toMatchObject({ error: 'ERR_NO_TICKET_FOUND' });

    const su = api(app, (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token);
    const flags = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: false, useIntegrations: false };
    const plan = (await su.post<PlanDto>('/plans', { name: 'Sem IA nem integrações', users: 10, connections: 10, queues: 10, value: 0, ...flags })).body;
    const c = await createCompany(app);
    await app.owner`update companies set plan_id = ${plan.id} where id = ${c.companyId}`;
    expect((await replay({ ticketId, promptId: 1 }, c.adminToken)).body).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    expect((await replay({ ticketId, integrationId: 1 }, c.adminToken)).body).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    // A queue needs no plan feature (and B never sees A's ticket).
    expect((await replay({ ticketId, queueId: suporte }, c.adminToken)).body).toMatchObject({ error: 'ERR_NO_TICKET_FOUND' });
  });
});
