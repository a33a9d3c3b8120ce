/**
 * Assignment on real PostgreSQL (issue 30 §2; decision 0381), with an injected clock: offline and
 * away agents skipped, round robin order, balance and capacity, the returning customer, the
 * backlog flowing to an agent who comes online or closes a ticket, the bot's and a queue
 * integration's hand-over, and the reassignment of a ticket nobody answered.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactDto, QueueDto, TicketDto, UserDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { startLocalServer } from '../../../test/helpers/local-server';
import { uniquePhone } from '../../../test/helpers/tenants';
import { api, connectSocket, createCompany, type TestCompany } from '../../../test/helpers/world';
import { createAssignmentService, type AssignmentService } from './assignment.service';

let app: TestApp;
let at = Date.now();
const clock = { now: () => new Date(at) };
let svc: AssignmentService;

beforeAll(async () => {
  app = await createTestApp({ clock, config: { loginRateLimit: 1000 } });
  await app.owner`update plans set users = 1000, queues = 1000`;
  svc = createAssignmentService({ data: app.data, jobs: app.jobs, clock });
});
afterAll(() => app.close());

interface World {
  c: TestCompany;
  queue: QueueDto;
  agents: UserDto[];
}

let seq = 0;
/** A company with a queue of `policy` and `n` agents in it, all online unless told. */
const world = async (queue: Record<string, unknown>, n: number, offline: number[] = []): Promise<World> => {
  const c = await createCompany(app);
  const q = await api(app, c.adminToken).post<QueueDto>('/queue', { name: `Fila ${++seq}`, color: `#${(0x300000 + seq * 4099).toString(16).slice(-6)}`, ...queue });
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const agents: UserDto[] = [];
  for (let i = 0; i < n; i++) {
    const r = await api(app, c.adminToken).post<UserDto>('/users', { name: `Agente ${i + 1}`, email: `ag${++seq}.${Date.now()}@example.com`, password: 'Secret123', queueIds: [q.body.id] });
    expect(r.status).toBe(200);
    agents.push(r.body);
  }
  const on = agents.filter((_, i) => !offline.includes(i)).map((a) => a.id);
  if (on.length) await app.owner`update users set online = true where id = any(${on})`;
  return { c, queue: q.body, agents };
};

/** A new customer's ticket waiting in the queue (POST /tickets pending: a tickets verb), after assignment had its go. */
const waiting = async (w: World, contactId?: number): Promise<TicketDto> => {
  const admin = api(app, w.c.adminToken);
  const cid = contactId ?? (await admin.post<ContactDto>('/contacts', { name: 'Cliente', number: uniquePhone() })).body.id;
  const r = await admin.post<TicketDto>('/tickets', { contactId: cid, queueId: w.queue.id, status: 'pending' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await app.bus.idle();
  return r.body;
};

const holder = async (ticketId: number) => (await app.owner<{ status: string; user_id: number | null }[]>`select status, user_id from tickets where id = ${ticketId}`)[0]!;
const openOf = async (w: World) =>
  Object.fromEntries(
    (await app.owner<{ user_id: number; n: number }[]>`select user_id, count(*)::int as n from tickets where company_id = ${w.c.companyId} and status = 'open' group by user_id`).map((r) => [r.user_id, r.n]),
  ) as Record<number, number>;
const timeline = async (ticketId: number) => app.owner<{ kind: string; detail: Record<string, unknown> }[]>`select kind, detail from ticket_events where ticket_id = ${ticketId} order by id`;

describe('assignment (issue 30 §2)', () => {
  it('round robin: online agents in turn, never the offline or the away one; the timeline says how', async () => {
    const w = await world({ assignment: 'round_robin' }, 5, [3]);
    await app.owner`update users set away = true where id = ${w.agents[4]!.id}`;
    const got: (number | null)[] = [];
    for (let i = 0; i < 6; i++) got.push((await holder((await waiting(w)).id)).user_id);
    const [a, b, c] = w.agents.map((x) => x.id);
    expect(got).toEqual([a, b, c, a, b, c]);
    const t = await waiting(w);
    expect(await holder(t.id)).toEqual({ status: 'open', user_id: a });
    expect(await timeline(t.id)).toEqual([{ kind: 'auto-assigned', detail: { userId: a, policy: 'round_robin', reason: 'policy' } }]);
  });

  it('leaves a queue without assignment as it was: the ticket waits (the spec’s behaviour)', async () => {
    const w = await world({}, 2);
    expect(await holder((await waiting(w)).id)).toEqual({ status: 'pending', user_id: null });
  });

  it('balanced: fewest open tickets first, spread within one, never past capacity; the rest waits and flows when an agent closes one', async () => {
    const w = await world({ assignment: 'balanced', agentCapacity: 2 }, 3, [0, 1, 2]);
    const tickets: TicketDto[] = [];
    for (let i = 0; i < 7; i++) tickets.push(await waiting(w));
    // Nobody online: everything waits.
    expect(await openOf(w)).toEqual({});
    // One agent holds a ticket already (accepted by hand), and has their own capacity of 1.
    const [a, b, c] = w.agents;
    await app.owner`update users set online = true, max_tickets = 1 where id = ${a!.id}`;
    await app.owner`update users set online = true where id = any(${[b!.id, c!.id]})`;
    expect(await svc.flow(w.c.companyId)).toBe(5);
    expect(await openOf(w)).toEqual({ [a!.id]: 1, [b!.id]: 2, [c!.id]: 2 });
    // The two oldest waiting tickets went first; the youngest two wait.
    expect((await holder(tickets[5]!.id)).status).toBe('pending');
    expect((await holder(tickets[6]!.id)).status).toBe('pending');
    // b closes one: the oldest waiting ticket is theirs at once.
    const bs = await app.owner<{ id: number }[]>`select id from tickets where user_id = ${b!.id} and status = 'open' order by id limit 1`;
    const bToken = (await api(app).post<{ token: string }>('/auth/login', { email: b!.email, password: 'Secret123' })).body.token;
    expect((await api(app, bToken).put(`/tickets/${bs[0]!.id}`, { status: 'closed' })).status).toBe(200);
    await app.bus.idle();
    expect(await holder(tickets[5]!.id)).toEqual({ status: 'open', user_id: b!.id });
    expect((await holder(tickets[6]!.id)).status).toBe('pending');
  });

  it('gives a returning customer to their last agent when online and under capacity, else by the policy', async () => {
    const w = await world({ assignment: 'round_robin' }, 2);
    const [a, b] = w.agents;
    const first = await waiting(w);
    expect((await holder(first.id)).user_id).toBe(a!.id);
    await api(app, w.c.adminToken).put(`/tickets/${first.id}`, { status: 'closed' });
    // Round robin would say b; the customer comes back to a.
    const again = await waiting(w, first.contact.id);
    expect(await holder(again.id)).toEqual({ status: 'open', user_id: a!.id });
    expect((await timeline(again.id)).at(-1)).toEqual({ kind: 'auto-assigned', detail: { userId: a!.id, policy: 'round_robin', reason: 'returning' } });
    await api(app, w.c.adminToken).put(`/tickets/${again.id}`, { status: 'closed' });
    // a is away now: the policy decides (b).
    await app.owner`update users set away = true where id = ${a!.id}`;
    const third = await waiting(w, first.contact.id);
    expect(await holder(third.id)).toEqual({ status: 'open', user_id: b!.id });
  });

  it('flows the oldest waiting tickets to an agent who comes online (socket) or back from away (toggle)', async () => {
    const w = await world({ assignment: 'round_robin' }, 1, [0]);
    const [a] = w.agents;
    const t1 = await waiting(w);
    const t2 = await waiting(w);
    await app.owner`update users set away = true where id = ${a!.id}`;
    const token = (await api(app).post<{ token: string }>('/auth/login', { email: a!.email, password: 'Secret123' })).body.token;
    // Online but away: still nothing.
    const socket = await connectSocket(app, token);
    try {
      await app.bus.idle();
      expect((await holder(t1.id)).status).toBe('pending');
      expect((await api(app, token).put('/users/me/presence', { status: 'online' })).status).toBe(200);
      // The claim runs after the presence event's listeners (a claim asked for while the
      // socket's own one still runs is one more run after it): wait for it, not for the bus.
      await vi.waitFor(
        async () =>
          expect([await holder(t1.id), await holder(t2.id)]).toEqual([
            { status: 'open', user_id: a!.id },
            { status: 'open', user_id: a!.id },
          ]),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      socket.disconnect();
    }
  });

  it('takes the ticket the bot hands to the queue (applyBotState)', async () => {
    const w = await world({ assignment: 'balanced', greetingMessage: 'Olá!' }, 1);
    const admin = api(app, w.c.adminToken);
    await admin.post('/queue-options', { queueId: w.queue.id, title: 'Pedidos', option: '1', message: 'Informe o pedido.' });
    expect((await admin.put(`/whatsapp/${w.c.whatsapp.id}`, { queueIds: [w.queue.id], maxUseBotQueues: 1 })).status).toBe(200);
    const from = uniquePhone();
    await w.c.inbound(from, 'Oi');
    await w.c.inbound(from, 'quero ajuda');
    await vi.waitFor(
      async () => {
        const [t] = await app.owner<{ status: string; user_id: number | null; id: number }[]>`
          select t.id, t.status, t.user_id from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${w.c.companyId} and c.number = ${from}`;
        expect(t).toMatchObject({ status: 'open', user_id: w.agents[0]!.id });
        expect((await timeline(t!.id)).map((e) => e.kind)).toContain('auto-assigned');
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it("takes the ticket a queue's webhook integration hands over when its flow finishes, for the online agent (round robin)", async () => {
    // A local n8n/webhook flow: it echoes until the customer asks for a person, then stops.
    const heard: string[] = [];
    const hook = await startLocalServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const text = (JSON.parse(raw) as { message: { body: string } }).message.body;
        heard.push(text);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(text === 'atendente' ? { reply: 'Chamando um atendente', stop: true } : { reply: `eco: ${text}` }));
      });
    });
    try {
      const w = await world({ assignment: 'round_robin' }, 2, [0]);
      const admin = api(app, w.c.adminToken);
      const integ = await admin.post<{ id: number }>('/queueIntegration', { name: 'Fluxo', type: 'webhook', urlN8N: `${hook.base}/hook`, secret: 'segredo' });
      expect(integ.status, JSON.stringify(integ.body)).toBe(200);
      expect((await admin.put(`/queue/${w.queue.id}`, { integrationId: integ.body.id })).status).toBe(200);
      expect((await admin.put(`/whatsapp/${w.c.whatsapp.id}`, { queueIds: [w.queue.id] })).status).toBe(200);
      const from = uniquePhone();
      const ticketOf = async () =>
        (await app.owner<{ id: number; status: string; user_id: number | null; chatbot: boolean }[]>`
          select t.id, t.status, t.user_id, t.chatbot from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${w.c.companyId} and c.number = ${from}`)[0];

      await w.c.inbound(from, 'Oi');
      await vi.waitFor(async () => expect(await app.owner`select 1 from messages where company_id = ${w.c.companyId} and automated and body = 'eco: Oi'`).toHaveLength(1), { timeout: 10_000, interval: 100 });
      await app.bus.idle();
      // While the flow talks, the ticket is the integration's: nobody is given it.
      expect(await ticketOf()).toMatchObject({ status: 'attending', chatbot: true, user_id: null });

      await w.c.inbound(from, 'atendente');
      await vi.waitFor(
        async () => {
          const t = await ticketOf();
          expect(t).toMatchObject({ status: 'open', user_id: w.agents[1]!.id });
          expect((await timeline(t!.id)).map((e) => e.kind)).toEqual(expect.arrayContaining(['integration', 'handoff', 'auto-assigned']));
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(heard).toEqual(['Oi', 'atendente']);
    } finally {
      await hook.close();
    }
  });

  it('takes a new customer\'s ticket the connection put in its only queue, with no menu to pass (the bot\'s first turn hands it over in place)', async () => {
    const w = await world({ assignment: 'round_robin' }, 1);
    expect((await api(app, w.c.adminToken).put(`/whatsapp/${w.c.whatsapp.id}`, { queueIds: [w.queue.id] })).status).toBe(200);
    const from = uniquePhone();
    await w.c.inbound(from, 'Oi, preciso de ajuda');
    // Within seconds, not at the next minute's sweep.
    await vi.waitFor(
      async () => {
        const [t] = await app.owner<{ status: string; user_id: number | null; id: number }[]>`
          select t.id, t.status, t.user_id from tickets t join contacts c on c.id = t.contact_id where t.company_id = ${w.c.companyId} and c.number = ${from}`;
        expect(t).toMatchObject({ status: 'open', user_id: w.agents[0]!.id });
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('reassigns a ticket nobody answered within the queue’s minutes to the next agent, once; an answered one stays', async () => {
    const w = await world({ assignment: 'round_robin', reassignAfterMinutes: 5 }, 2);
    const [a, b] = w.agents;
    const t = await waiting(w);
    expect((await holder(t.id)).user_id).toBe(a!.id);
    const [job] = await app.owner<{ data: { companyId: number; ticketId: number; userId: number; assignedAt: string }; late: boolean }[]>`
      select data, start_after > now() + interval '4 minutes' as late from pgboss.job where name = 'assignment.reassign' and data->>'ticketId' = ${String(t.id)}`;
    expect(job).toMatchObject({ late: true, data: { companyId: w.c.companyId, ticketId: t.id, userId: a!.id } });
    const p = job!.data;
    at += 2 * 60_000;
    expect(await svc.reassign(p)).toBe('early');
    at += 3 * 60_000;
    expect(await svc.reassign(p)).toBe('reassigned');
    expect(await holder(t.id)).toEqual({ status: 'open', user_id: b!.id });
    expect((await timeline(t.id)).at(-1)).toEqual({ kind: 'auto-reassigned', detail: { from: a!.id, userId: b!.id, policy: 'round_robin', minutes: 5 } });
    // The same job again (a redelivery) changes nothing.
    expect(await svc.reassign(p)).toBe('stale');
    // b answers within the minutes: at the next job the ticket stays with b.
    const [next] = await app.owner<{ data: typeof p }[]>`select data from pgboss.job where name = 'assignment.reassign' and data->>'ticketId' = ${String(t.id)} and data->>'userId' = ${String(b!.id)}`;
    await app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, user_id, created_at)
      values (${w.c.companyId}, ${t.id}, ${t.contact.id}, ${w.c.whatsapp.id}, ${`ans-${t.id}`}, 'Olá, sou o b', true, ${b!.id}, ${new Date(at + 60_000)})`;
    at += 5 * 60_000;
    expect(await svc.reassign(next!.data)).toBe('answered');
    expect((await holder(t.id)).user_id).toBe(b!.id);
  });
});
