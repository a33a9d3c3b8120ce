/**
 * The cost of one customer's message (issue 26, decision 0326; docs/ARCHITECTURE.md "The cost of
 * a message"): the statements the application's connections run and the jobs queued, from the
 * channel handing the message over until every listener's work has finished (`bus.idle()`), in a
 * company where every module is configured: a bot with a queue, a follow-up and a campaign waiting
 * on other customers. A module that adds a round trip or a job per message fails this test.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';

let app: TestApp;
let c: TestCompany;

/**
 * What one message set off, and only that: the statements and jobs issued in its asynchronous
 * context (the channel's hand-over, ingest, the listeners and what they awaited). Work that runs
 * meanwhile for other reasons (a job's worker, a receipt's timer) has another context and is not
 * counted, so the figures do not depend on timing.
 */
const origin = new AsyncLocalStorage<{ statements: string[]; jobs: Record<string, number> }>();

beforeAll(async () => {
  app = await createTestApp({ onStatement: (q) => void origin.getStore()?.statements.push(q.replace(/\s+/g, ' ').trim().slice(0, 60)) });
  c = await createCompany(app);
  // Every way a module queues a job, counted per name.
  const count = (name: string, k = 1) => {
    const store = origin.getStore();
    if (store) store.jobs[name] = (store.jobs[name] ?? 0) + k;
  };
  const { jobs } = app;
  const enqueue = jobs.enqueue.bind(jobs);
  const enqueueMany = jobs.enqueueMany.bind(jobs);
  const enqueueNow = jobs.enqueueNow.bind(jobs);
  jobs.enqueue = (tx, name, data, opts) => (count(name), enqueue(tx, name, data, opts));
  jobs.enqueueMany = (tx, name, data, opts) => (count(name, data.length), enqueueMany(tx, name, data, opts));
  jobs.enqueueNow = (name, data, opts) => (count(name), enqueueNow(name, data, opts));
});
afterAll(async () => {
  await app.close();
});

let n = 0;
const number = () => `55119${String(7_000_000 + ++n).padStart(8, '0')}`;
const channel = () => app.sessions.sandbox(c.whatsapp.id, c.companyId)!;
const admin = () => api(app, c.adminToken);

/** Nothing of the company's is still running (the bot's replies, a campaign's send): the measured work is one message's. */
const quiet = () =>
  vi.waitFor(
    async () => {
      await app.bus.idle();
      const [r] = await app.owner<{ n: number }[]>`
        select count(*)::int as n from pgboss.job where data->>'companyId' = ${String(c.companyId)} and state in ('created', 'retry', 'active') and start_after <= now()`;
      expect(r!.n).toBe(0);
    },
    { timeout: 20_000, interval: 20 },
  );

/** What one message from `from` cost: its statements in order (their first words) and the jobs it queued. */
const cost = async (from: string, body: string) => {
  await quiet();
  const seen = { statements: [] as string[], jobs: {} as Record<string, number> };
  await origin.run(seen, async () => {
    await channel().receive({ from, name: 'Cliente', body });
    await app.bus.idle();
  });
  return seen;
};

/** The customer's live ticket, as stored. */
const ticketOf = async (from: string): Promise<{ id: number; status: string; chatbot: boolean; botAt: Date | null; contactId: number }> => {
  const [t] = await app.owner<{ id: number; status: string; chatbot: boolean; botAt: Date | null; contactId: number }[]>`
    select t.id, t.status, t.chatbot, t.bot_at as "botAt", t.contact_id as "contactId" from tickets t join contacts c on c.id = t.contact_id
     where t.company_id = ${c.companyId} and c.number = ${from} and t.status <> 'closed'`;
  if (!t) throw new Error(`no ticket for ${from}`);
  return t;
};

describe('the cost of a customer’s message', () => {
  let waiting: string;
  let withAgent: string;
  let followed: string;
  let owing: string;

  beforeAll(async () => {
    // A configured company: one queue with a greeting and a menu, one try before a person takes over.
    const q = await admin().post<{ id: number }>('/queue', { name: 'Atendimento', color: '#2266aa', greetingMessage: 'Olá! Bem-vindo.' });
    await admin().post('/queue-options', { queueId: q.body.id, title: 'Pedidos', option: '1', message: 'Informe o pedido.' });
    expect((await admin().put(`/whatsapp/${c.whatsapp.id}`, { queueIds: [q.body.id], maxUseBotQueues: 1 })).status).toBe(200);
    expect((await admin().put('/settings/sendGreetingMessageOneQueues', { value: 'enabled' })).status).toBe(200);
    // Four regular customers, greeted by the bot and handed over to the queue.
    [waiting, withAgent, followed, owing] = [number(), number(), number(), number()];
    for (const from of [waiting, withAgent, followed, owing]) {
      await channel().receive({ from, name: 'Cliente', body: 'Oi' });
      await channel().receive({ from, name: 'Cliente', body: 'quero ajuda' });
    }
    // The bot's turns are jobs: wait until all four were greeted and handed over.
    await vi.waitFor(
      async () =>
        expect((await Promise.all([waiting, withAgent, followed, owing].map(ticketOf))).map((t) => [t.status, t.chatbot, t.botAt !== null])).toEqual([
          ['pending', false, true],
          ['pending', false, true],
          ['pending', false, true],
          ['pending', false, true],
        ]),
      { timeout: 20_000, interval: 50 },
    );
    const agentTicket = await ticketOf(withAgent);
    expect((await admin().put(`/tickets/${agentTicket.id}`, { status: 'open', userId: c.admin.id })).status).toBe(200);
    // A follow-up on one ticket, a campaign confirmation owed by another contact.
    const f = await ticketOf(followed);
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    expect((await admin().post('/schedules', { body: 'Ainda precisa de ajuda?', contactId: f.contactId, sendAt, ticketId: f.id, cancelOnReply: true })).status).toBe(200);
    const o = await ticketOf(owing);
    const [campaign] = await app.owner<{ id: number }[]>`
      insert into campaigns (company_id, name, message1, confirmation_message1, confirmation, status, whatsapp_id)
      values (${c.companyId}, 'Oferta', 'Oferta para {nome}', 'Confirma?', true, 'EM_ANDAMENTO', ${c.whatsapp.id}) returning id`;
    await app.owner`
      insert into campaign_shipping (company_id, campaign_id, contact_id, number, name, status, message, confirmation_message, confirmation_requested_at)
      values (${c.companyId}, ${campaign!.id}, ${o.contactId}, ${owing}, 'Cliente', 'confirmation_requested', 'Oferta para Cliente', 'Confirma?', now())`;
    await app.bus.idle();
  }, 60_000);

  it('costs one statement and no job when no module has anything to do (in the queue, or with an agent)', async () => {
    expect(await cost(waiting, 'alguma novidade?')).toEqual({ statements: [expect.stringMatching(/^select balcao_ingest\(/)], jobs: {} });
    expect(await cost(withAgent, 'obrigado')).toEqual({ statements: [expect.stringMatching(/^select balcao_ingest\(/)], jobs: {} });
  });

  it('each module pays only when it has work: a new customer gets the bot, a follow-up is cancelled, a confirmation counted, an opt-out recorded', async () => {
    const fresh = await cost(number(), 'Olá, primeira vez');
    expect(fresh.statements).toEqual([expect.stringMatching(/^select balcao_ingest\(/)]);
    // The bot's turn (and the avatar look-up of a contact never seen) are jobs, never ingest's time.
    expect(fresh.jobs).toEqual({ 'bot.turn': 1, 'contact.picture': 1 });

    const cancelled = await cost(followed, 'consegui, obrigado');
    expect(cancelled.jobs).toEqual({});
    expect(cancelled.statements[0]).toMatch(/^select balcao_ingest\(/);
    expect(cancelled.statements.length).toBeGreaterThan(1);
    expect((await app.owner<{ status: string }[]>`select status from schedules where company_id = ${c.companyId}`).map((r) => r.status)).toEqual(['CANCELADA']);

    const confirmed = await cost(owing, 'sim, pode mandar');
    expect(confirmed.jobs).toEqual({ 'campaign.send': 1 });
    expect((await app.owner<{ status: string }[]>`select status from campaign_shipping where company_id = ${c.companyId}`).map((r) => r.status)).toEqual(['confirmed']);

    // The keyword decides in memory: only "SAIR" writes (the ledger and the timeline).
    const optOut = await cost(waiting, 'SAIR');
    expect(optOut.jobs).toEqual({});
    expect(optOut.statements.length).toBeGreaterThan(1);
    expect((await app.owner<{ n: number }[]>`select count(*)::int as n from opt_outs where company_id = ${c.companyId} and number = ${waiting}`)[0]!.n).toBe(1);
  });

  it('a webhook subscribed to message.created adds one transaction and one delivery job per burst, nothing else', async () => {
    expect((await admin().post('/webhooks', { name: 'Custo', url: 'http://127.0.0.1:9/hook', events: ['message.created'] })).status).toBe(200);
    // The first event after a change reads the subscriptions again (kept for SUBSCRIPTION_TTL_MS): not a per-message cost.
    expect((await cost(withAgent, 'oi de novo')).jobs).toEqual({ 'webhook.deliver': 1 });
    const r = await cost(withAgent, 'mais uma pergunta');
    expect(r.jobs).toEqual({ 'webhook.deliver': 1 });
    expect(r.statements[0]).toMatch(/^select balcao_ingest\(/);
    // The outbox's transaction: the deliveries and their job, in one commit.
    expect(r.statements.slice(1)).toEqual([
      expect.stringMatching(/^begin/),
      expect.stringMatching(/set_config/),
      expect.stringMatching(/^\s*insert into webhook_deliveries \(/),
      // pg-boss's insert of the job (Jobs.enqueueMany), in the same transaction.
      expect.stringMatching(/^WITH defaults as \( SELECT \$2 as expire_in/),
      expect.stringMatching(/^commit/),
    ]);
  });
});
