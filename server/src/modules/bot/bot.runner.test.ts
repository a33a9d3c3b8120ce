/**
 * The bot on real PostgreSQL through the sandbox channel: a customer's message → the bot's turn
 * as a job → automated messages stored and sent; a redelivered turn sends nothing; the rating
 * flow; a responder's reply; the timeline route. Each step waits for what it checks.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketEventsResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { uniquePhone } from '../../../test/helpers/tenants';
import type { Jobs } from '../../infra/jobs';
import { systemClock } from '../../infra/clock';
import type { BotTurn, ExternalResponder } from './bot.port';
import { createBotRunner } from './bot.runner';
import type { JobPayloads } from '../../infra/jobs';

/** A short silent PCM WAV (the media store types files by their bytes). */
const wav = () => {
  const samples = Buffer.alloc(800);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + samples.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(samples.length, 40);
  return Buffer.concat([h, samples]);
};
const INVALID = 'Opção inválida, por favor, escolha uma opção válida.';
const turns: BotTurn[] = [];
const fakeIntegration: ExternalResponder = {
  respond: async (turn) => {
    turns.push(turn);
    if (turn.text === 'voz') return { messages: [{ body: '', audio: { data: wav(), mimetype: 'audio/wav' } }], timeline: [] };
    if (turn.text === 'devagar') return { messages: [{ body: 'Primeira', delayMs: 700 }, { body: 'Segunda', delayMs: 700 }], timeline: [] };
    if (turn.text === 'humano') return { messages: [{ body: 'Chamando um atendente' }], stop: true, timeline: [{ kind: 'integration', detail: { status: 200 } }] };
    return { messages: [{ body: `eco: ${turn.text}` }], session: 'sess-1', timeline: [{ kind: 'integration', detail: { status: 200 } }] };
  },
};

const fakePrompt: ExternalResponder = {
  respond: async (turn) =>
    turn.text === 'atendente'
      ? { messages: [{ body: 'Vou chamar alguém do Suporte.' }], queueId: suporte, stop: true, timeline: [{ kind: 'ai', detail: { status: 200 } }, { kind: 'ai.transfer', detail: { queueId: suporte } }] }
      : { messages: [{ body: `IA: ${turn.text}` }], timeline: [{ kind: 'ai', detail: { status: 200 } }] },
};

let app: TestApp;
let a: TestCompany;
let suporte: number;
let vendas: number;
beforeAll(async () => {
  app = await createTestApp({ responders: { integration: fakeIntegration, prompt: fakePrompt } });
  a = await createCompany(app);
  suporte = (await a.addQueue('Suporte')).id;
  vendas = (await a.addQueue('Vendas')).id;
  const w = a.whatsapp.id;
  await app.owner`update queues set order_queue = 1, greeting_message = 'Bem-vindo ao Suporte' where id = ${suporte}`;
  await app.owner`update queues set order_queue = 2, greeting_message = 'Olá, Vendas' where id = ${vendas}`;
  await app.owner`insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values (${a.companyId}, ${w}, ${suporte}), (${a.companyId}, ${w}, ${vendas})`;
  await app.owner`update whatsapps set greeting_message = 'Olá! Escolha:', complation_message = 'Obrigado!', max_use_bot_queues = 3 where id = ${w}`;
  const [boletos] = await app.owner`insert into queue_options (company_id, queue_id, title, option, message) values (${a.companyId}, ${suporte}, 'Boletos', '1', 'Seu boleto segue') returning id`;
  expect(boletos).toBeDefined();
});
afterAll(() => app.close());

const automated = async (phone: string) =>
  (
    await app.owner`select m.body, m.ack, m.ticket_id from messages m join contacts c on c.id = m.contact_id
      where c.number = ${phone} and c.company_id = ${a.companyId} and m.automated order by m.id`
  ).map((r) => ({ body: r.body as string, ack: r.ack as number, ticketId: r.ticket_id as number }));
const ticketOf = async (phone: string) =>
  (
    await app.owner`select t.* from tickets t join contacts c on c.id = t.contact_id where c.number = ${phone} and c.company_id = ${a.companyId} order by t.id desc limit 1`
  )[0]!;
const waitAutomated = (phone: string, n: number) =>
  vi.waitFor(
    async () => {
      const rows = await automated(phone);
      expect(rows.length).toBe(n);
      return rows;
    },
    { timeout: 10_000, interval: 50 },
  );
const MENU = 'Olá! Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas';

describe('the bot engine on real PostgreSQL', () => {
  it('menu → invalid → queue → option leaf → pending in the queue; every message automated and sent', async () => {
    const phone = uniquePhone();
    await a.inbound(phone, 'oi');
    expect((await waitAutomated(phone, 1)).map((m) => m.body)).toEqual([MENU]);
    expect(await ticketOf(phone)).toMatchObject({ status: 'attending', chatbot: true });
    await a.inbound(phone, '9');
    expect((await waitAutomated(phone, 3)).slice(1).map((m) => m.body)).toEqual([INVALID, MENU]);
    await a.inbound(phone, '1');
    expect((await waitAutomated(phone, 4))[3]!.body).toBe('Bem-vindo ao Suporte\n\n*[ 1 ]* - Boletos\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial');
    await a.inbound(phone, '1');
    expect((await waitAutomated(phone, 5))[4]!.body).toBe('Seu boleto segue');
    await vi.waitFor(async () => expect(await ticketOf(phone)).toMatchObject({ status: 'pending', chatbot: false, queue_id: suporte }), { timeout: 5_000, interval: 50 });
    // The sandbox phone received them (ack moves past 0).
    await vi.waitFor(async () => expect((await automated(phone)).every((m) => m.ack >= 1)).toBe(true), { timeout: 10_000, interval: 50 });

    const t = await ticketOf(phone);
    const events = await api(app, a.adminToken).get<TicketEventsResponse>(`/tickets/${t.id as number}/events`);
    expect(events.status).toBe(200);
    expect(events.body.events.map((e) => e.kind)).toEqual(['menu', 'invalid', 'option', 'menu', 'option', 'handoff']);

    // A person accepts: the bot stays out from then on (no turn is even queued; a forced one decides nothing).
    expect((await api(app, a.adminToken).put(`/tickets/${t.id as number}`, { status: 'open' })).status).toBe(200);
    const before = (await automated(phone)).length;
    const runner = createBotRunner({ data: app.data, jobs: { enqueue: async () => undefined } as unknown as Jobs, clock: systemClock });
    expect(await runner.run({ companyId: a.companyId, ticketId: t.id as number, messageId: -1, body: '#', mediaType: null, mediaUrl: null })).toEqual({ sent: 0 });
    expect((await automated(phone)).length).toBe(before);
  });

  it('a redelivered turn sends nothing twice', async () => {
    const phone = uniquePhone();
    await a.inbound(phone, 'oi');
    await waitAutomated(phone, 1);
    const t = await ticketOf(phone);
    const [msg] = await app.owner`select id, body from messages where ticket_id = ${t.id as number} and not from_me`;
    const jobs = { enqueue: async () => undefined } as unknown as Jobs;
    const runner = createBotRunner({ data: app.data, jobs, clock: systemClock });
    const again = await runner.run({ companyId: a.companyId, ticketId: t.id as number, messageId: msg!.id as number, body: 'oi', mediaType: null, mediaUrl: null });
    expect(again).toEqual({ skipped: 'duplicate', sent: 0 });
    expect((await automated(phone)).length).toBe(1);
  });

  it('rating: close asks, closes at once; a 3 within 24 h rates that ticket and gets the completion message', async () => {
    const phone = uniquePhone();
    await a.inbound(phone, 'oi');
    await waitAutomated(phone, 1);
    await app.owner`insert into settings (company_id, key, value) values (${a.companyId}, 'userRating', 'enabled') on conflict (company_id, key) do update set value = 'enabled'`;
    const t = await ticketOf(phone);
    expect((await api(app, a.adminToken).put(`/tickets/${t.id as number}`, { status: 'closed' })).status).toBe(200);
    const asked = await waitAutomated(phone, 2);
    expect(asked[1]!.body).toContain('*[ 1 ]* - Insatisfeito\n*[ 2 ]* - Satisfeito\n*[ 3 ]* - Muito Satisfeito');
    expect(await ticketOf(phone)).toMatchObject({ status: 'closed' });
    await a.inbound(phone, '3');
    const done = await waitAutomated(phone, 3);
    expect(done[2]).toMatchObject({ body: 'Obrigado!', ticketId: t.id as number });
    const rated = (await app.owner`select rating, rated_at from tickets where id = ${t.id as number}`)[0]!;
    expect(rated.rating).toBe(3);
    expect(rated.rated_at).not.toBeNull();
    // No new episode was left behind: the answer sits on the rated ticket.
    expect((await ticketOf(phone)).id).toBe(t.id);
    // The timeline says the question went (with who closed) before the answer came.
    const kinds = (await api(app, a.adminToken).get<TicketEventsResponse>(`/tickets/${t.id as number}/events`)).body.events.map((e) => [e.kind, e.detail.userId ?? e.detail.rating]);
    expect(kinds.slice(-2)).toEqual([['rating-asked', a.admin.id], ['rating', 3]]);
    // Anything else starts a new episode as usual.
    await a.inbound(phone, 'outra dúvida');
    await vi.waitFor(async () => expect((await ticketOf(phone)).id).not.toBe(t.id), { timeout: 5_000, interval: 50 });
    await app.owner`update settings set value = 'disabled' where company_id = ${a.companyId} and key = 'userRating'`;
  });

  it('a queue’s integration answers and keeps its session; stop hands the ticket to a person', async () => {
    const [integ] = await app.owner`insert into queue_integrations (company_id, name, type) values (${a.companyId}, 'Fake', 'webhook') returning id`;
    await app.owner`update queues set integration_id = ${integ!.id as number} where id = ${vendas}`;
    const phone = uniquePhone();
    await a.inbound(phone, 'oi');
    await waitAutomated(phone, 1);
    await a.inbound(phone, '2');
    expect((await waitAutomated(phone, 2))[1]!.body).toBe('eco: 2');
    await vi.waitFor(async () => expect(await ticketOf(phone)).toMatchObject({ status: 'attending', queue_id: vendas, integration_session: 'sess-1' }), { timeout: 5_000, interval: 50 });
    expect(turns.at(-1)).toMatchObject({ text: '2', queueId: vendas, session: null });
    // Generated audio goes out as a stored voice note.
    await a.inbound(phone, 'voz');
    await waitAutomated(phone, 3);
    const [voice] = await app.owner`select media_type, media_url from messages where ticket_id = (select id from tickets where id = ${(await ticketOf(phone)).id as number}) and automated order by id desc limit 1`;
    expect(voice).toMatchObject({ media_type: 'ptt' });
    expect(await app.media.exists(a.companyId, voice!.media_url as string)).toBe(true);
    await a.inbound(phone, 'humano');
    expect((await waitAutomated(phone, 4))[3]!.body).toBe('Chamando um atendente');
    await vi.waitFor(async () => expect(await ticketOf(phone)).toMatchObject({ status: 'pending', chatbot: false, queue_id: vendas }), { timeout: 5_000, interval: 50 });
    const t = await ticketOf(phone);
    const kinds = (await api(app, a.adminToken).get<TicketEventsResponse>(`/tickets/${t.id as number}/events`)).body.events.map((e) => e.kind);
    expect(kinds).toEqual(['menu', 'option', 'responder', 'integration', 'responder-done', 'responder', 'responder-done', 'responder', 'integration', 'responder-done', 'handoff']);
    await app.owner`update queues set integration_id = null where id = ${vendas}`;
  });

  it("a responder's delay (Typebot's typebotDelayMessage) becomes each send's composing pause, in order", async () => {
    const [integ] = await app.owner`insert into queue_integrations (company_id, name, type) values (${a.companyId}, 'Fake devagar', 'typebot') returning id`;
    await app.owner`update queues set integration_id = ${integ!.id as number} where id = ${vendas}`;
    try {
      const phone = uniquePhone();
      await a.inbound(phone, 'oi');
      await waitAutomated(phone, 1);
      await a.inbound(phone, '2');
      await waitAutomated(phone, 2);
      await a.inbound(phone, 'devagar');
      const rows = (await waitAutomated(phone, 4)).slice(2);
      expect(rows.map((m) => m.body)).toEqual(['Primeira', 'Segunda']);
      const ids = (await app.owner`select m.id from messages m join contacts c on c.id = m.contact_id where c.number = ${phone} and m.automated order by m.id`).map((r) => r.id as number);
      const payloads = await app.owner`select data from pgboss.job where name = 'message.send' and (data->>'messageId')::int = any(${ids.slice(1)}::int[]) order by (data->>'messageId')::int`;
      // The menu and the first reply have no pause; each Typebot message has its delay.
      expect(payloads.map((p) => (p.data as { composeMs?: number }).composeMs ?? null)).toEqual([null, 700, 700]);
      await vi.waitFor(async () => expect((await automated(phone)).every((m) => m.ack >= 1)).toBe(true), { timeout: 10_000, interval: 50 });
    } finally {
      await app.owner`update queues set integration_id = null where id = ${vendas}`;
    }
  });

  it('a prompt handing the ticket to a queue is a menu choice of it: its greeting, then pending there (no tree)', async () => {
    const [p] = await app.owner`insert into prompts (company_id, name, prompt, queue_id) values (${a.companyId}, 'IA Vendas', 'Você é a atendente.', ${suporte}) returning id`;
    await app.owner`update queues set prompt_id = ${p!.id as number} where id = ${vendas}`;
    try {
      const phone = uniquePhone();
      await a.inbound(phone, 'oi');
      await waitAutomated(phone, 1);
      await a.inbound(phone, '2');
      expect((await waitAutomated(phone, 2))[1]!.body).toBe('IA: 2');
      await a.inbound(phone, 'atendente');
      // The AI's words, then Suporte's greeting alone (its option tree is not offered).
      expect((await waitAutomated(phone, 4)).slice(2).map((m) => m.body)).toEqual(['Vou chamar alguém do Suporte.', 'Bem-vindo ao Suporte']);
      await vi.waitFor(async () => expect(await ticketOf(phone)).toMatchObject({ status: 'pending', chatbot: false, queue_id: suporte }), { timeout: 5_000, interval: 50 });
      const t = await ticketOf(phone);
      const events = (await api(app, a.adminToken).get<TicketEventsResponse>(`/tickets/${t.id as number}/events`)).body.events;
      expect(events.filter((e) => e.kind === 'handoff').map((e) => e.detail)).toEqual([expect.objectContaining({ reason: 'responder-queue', queueId: suporte, queue: 'Suporte' })]);
      // A person now: the next message is not the bot's.
      await a.inbound(phone, 'alô?');
      await vi.waitFor(async () => expect((await app.owner`select count(*)::int as n from messages where ticket_id = ${t.id as number} and not from_me`)[0]!.n).toBe(4));
      expect((await automated(phone)).length).toBe(4);
    } finally {
      await app.owner`update queues set prompt_id = null where id = ${vendas}`;
    }
  });

  it('turns apply in message order across processes: a later message waits while an earlier one’s turn is queued elsewhere', async () => {
    const phone = uniquePhone();
    await a.inbound(phone, 'oi');
    await waitAutomated(phone, 1);
    const t = await ticketOf(phone);
    // Two quick answers whose turns another process has not run yet: '2' (Vendas), then '9'.
    const insert = async (body: string) =>
      (await app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me)
        values (${a.companyId}, ${t.id as number}, ${t.contact_id as number}, ${t.whatsapp_id as number}, ${`TEST${uniquePhone()}`}, ${body}, false) returning id`)[0]!.id as number;
    const m1 = await insert('2');
    const m2 = await insert('9');
    const turn = (messageId: number, body: string): JobPayloads['bot.turn'] => ({ companyId: a.companyId, ticketId: t.id as number, messageId, body, mediaType: null, mediaUrl: null });
    const [job1] = await app.owner`insert into pgboss.job (name, data, state, start_after, singleton_key)
      values ('bot.turn', ${app.owner.json(turn(m1, '2'))}, 'created', now() + interval '1 hour', ${`bot:${m1}`}) returning id`;
    const deferred: unknown[] = [];
    const jobs = { enqueue: async () => undefined, enqueueNow: async (...args: unknown[]) => void deferred.push(args) } as unknown as Jobs;
    const runner = createBotRunner({ data: app.data, jobs, clock: systemClock });
    try {
      // '9' first (this process got it first): it waits, re-queued for about a second later; nothing decided.
      expect(await runner.run(turn(m2, '9'))).toEqual({ skipped: 'deferred', sent: 0 });
      expect(deferred).toEqual([['bot.turn', { ...turn(m2, '9'), deferrals: 1 }, { singletonKey: `bot:${m2}:1`, startAfterSeconds: 1 }]]);
      expect((await automated(phone)).length).toBe(1);
      // The other process runs '2': Vendas' greeting, pending there.
      expect(await runner.run(turn(m1, '2'))).toMatchObject({ sent: 1 });
      await app.owner`update pgboss.job set state = 'completed', completed_on = now() where name = 'bot.turn' and id = ${job1!.id as string}`;
      // Then '9' again: the ticket is a person's now, the bot says nothing (no invalid-option text, no menu).
      expect(await runner.run({ ...turn(m2, '9'), deferrals: 1 })).toEqual({ sent: 0 });
      expect((await automated(phone)).map((m) => m.body)).toEqual([MENU, 'Olá, Vendas']);
      expect(await ticketOf(phone)).toMatchObject({ status: 'pending', queue_id: vendas });
    } finally {
      await app.owner`update pgboss.job set state = 'completed', completed_on = now() where name = 'bot.turn' and id = ${job1!.id as string}`;
    }
  });

  it('the timeline is for admins and supervisors only', async () => {
    const phone = uniquePhone();
    await a.inbound(phone, 'oi');
    await waitAutomated(phone, 1);
    const t = await ticketOf(phone);
    const user = await a.addUser({ profile: 'user', queueIds: [suporte] });
    const sup = await a.addUser({ profile: 'supervisor', queueIds: [suporte] });
    expect((await api(app, user.token).get(`/tickets/${t.id as number}/events`)).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await api(app, sup.token).get<TicketEventsResponse>(`/tickets/${t.id as number}/events`)).body.events.map((e) => e.kind)).toEqual(['menu']);
    expect((await api(app, a.adminToken).get(`/tickets/99999999/events`)).status).toBe(404);
  });
});
