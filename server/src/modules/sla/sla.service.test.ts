/**
 * SLA on real PostgreSQL with an injected clock (issue 30 §3): business hours with two periods a
 * day and a holiday, deadlines set as the clocks start (customer messages through the sandbox
 * channel), the warning before the breach (a socket event to the admins and to the queue's
 * supervisors, not to another queue's agent), the breach stamped once and kept, met when the
 * agent answers, the next response after it, resolution at close.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SlaAlertDto, SlaState, SlaTargetsDto, TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { uniquePhone } from '../../../test/helpers/tenants';
import { api, connectSocket, createCompany, type TestCompany } from '../../../test/helpers/world';
import { createSlaService, type SlaService } from './sla.service';

let app: TestApp;
let at = Date.parse('2026-12-01T14:50:00Z');
const clock = { now: () => new Date(at) };
let sla: SlaService;

// São Paulo (UTC−3): Monday to Friday 08:00–12:00 and 13:00–18:00; Christmas closed.
const weekdays = [1, 2, 3, 4, 5];
const hours = { periods: weekdays.flatMap((weekday) => [{ weekday, start: '08:00', end: '12:00' }, { weekday, start: '13:00', end: '18:00' }]), holidays: ['2026-12-25'] };

beforeAll(async () => {
  app = await createTestApp({ clock });
  // The sweep as the cron job runs it, but called when the test says (same clock, same app).
  sla = createSlaService({ data: app.data, clock });
});
afterAll(() => app.close());

const company = async (targets: SlaTargetsDto = { firstResponseMinutes: 30, nextResponseMinutes: 60, resolutionMinutes: 600 }): Promise<TestCompany> => {
  const c = await createCompany(app);
  const r = await api(app, c.adminToken).put('/sla', { company: targets, hours });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return c;
};

const slaOf = async (ticketId: number): Promise<SlaState | null> => (await app.owner<{ sla: SlaState | null }[]>`select sla from tickets where id = ${ticketId}`)[0]!.sla;
const checkAt = async (ticketId: number): Promise<string | null> =>
  (await app.owner<{ t: Date | null }[]>`select sla_check_at as t from tickets where id = ${ticketId}`)[0]!.t?.toISOString() ?? null;

/** The customer writes through the sandbox; resolves once the ticket's clocks say so. */
const customerWrites = async (c: TestCompany, phone: string, body: string, until: (s: SlaState | null) => boolean): Promise<TicketDto> => {
  expect((await c.inbound(phone, body)).status).toBe(202);
  let ticket: TicketDto | undefined;
  await vi.waitFor(
    async () => {
      ticket = (await c.pendingTickets()).find((t) => t.contact.number === phone) ?? (await api(app, c.adminToken).get<{ tickets: TicketDto[] }>('/tickets?status=open&showAll=true')).body.tickets.find((t) => t.contact.number === phone);
      expect(ticket).toBeDefined();
      await app.bus.idle();
      expect(until(await slaOf(ticket!.id))).toBe(true);
    },
    { timeout: 5_000, interval: 50 },
  );
  return ticket!;
};

describe('SLA (issue 30 §3)', () => {
  it('first response across lunch, warned before the breach, breached once, then met; the next response; resolution at close', async () => {
    at = Date.parse('2026-12-01T14:50:00Z'); // Tuesday 11:50 local
    const c = await company();
    const socket = await connectSocket(app, c.adminToken);
    const phone = uniquePhone();
    const t = await customerWrites(c, phone, 'Olá, preciso de ajuda', (s) => s !== null);

    const s0 = (await slaOf(t.id))!;
    // 30 business minutes from 11:50: 10 before lunch, 20 after it → 13:20 local; the warning at 24 → 13:14.
    expect(s0.firstResponse).toMatchObject({ startedAt: '2026-12-01T14:50:00.000Z', dueAt: '2026-12-01T16:20:00.000Z', warnAt: '2026-12-01T16:14:00.000Z', breachedAt: null });
    // 600 business minutes: 5 h 10 Tuesday, 4 h Wednesday morning, 50 min after lunch → Wednesday 13:50 local.
    expect(s0.resolution?.dueAt).toBe('2026-12-02T16:50:00.000Z');
    expect(s0.awaitingReply).toBe(true);
    expect(await checkAt(t.id)).toBe('2026-12-01T16:14:00.000Z');

    // The customer writes again while waiting: nothing changes.
    expect((await c.inbound(phone, 'alô?')).status).toBe(202);
    await vi.waitFor(async () => expect((await app.owner`select count(*)::int as n from messages where ticket_id = ${t.id}`)[0]!.n).toBe(2));
    await app.bus.idle();
    expect(await slaOf(t.id)).toEqual(s0);

    // Every alert the admin's socket hears (the app's own cron sweep may run beside these calls:
    // whoever sweeps, each alert goes out once).
    const heard: { action: string; alert: SlaAlertDto }[] = [];
    socket.on(`company-${c.companyId}-sla`, (p: { action: string; alert: SlaAlertDto }) => heard.push(p));

    // Before the warning: nothing due.
    at = Date.parse('2026-12-01T16:13:00Z');
    await sla.sweep();
    expect((await slaOf(t.id))!.firstResponse?.warnedAt).toBeNull();

    // The warning, before the breach: stamped once, announced once.
    at = Date.parse('2026-12-01T16:15:00Z');
    await sla.sweep();
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toEqual({ action: 'warning', alert: { ticketId: t.id, ticketUuid: t.uuid, queueId: null, userId: null, contactName: t.contact.name, target: 'firstResponse', dueAt: '2026-12-01T16:20:00.000Z' } });
    expect((await slaOf(t.id))!.firstResponse).toMatchObject({ warnedAt: '2026-12-01T16:15:00.000Z', breachedAt: null });
    expect(await checkAt(t.id)).toBe('2026-12-01T16:20:00.000Z');
    at = Date.parse('2026-12-01T16:17:00Z');
    await sla.sweep();

    // The breach: recorded when it happens, once.
    at = Date.parse('2026-12-01T16:21:00Z');
    await sla.sweep();
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]).toMatchObject({ action: 'breach', alert: { ticketId: t.id, target: 'firstResponse' } });
    expect((await slaOf(t.id))!.firstResponse).toMatchObject({ breachedAt: '2026-12-01T16:21:00.000Z', metAt: null });
    at = Date.parse('2026-12-01T16:40:00Z');
    expect(await sla.sweep()).toBe(0);
    expect((await slaOf(t.id))!.firstResponse?.breachedAt).toBe('2026-12-01T16:21:00.000Z');

    // The agent answers: met late — the breach stays on the ticket.
    const admin = api(app, c.adminToken);
    expect((await admin.put(`/tickets/${t.id}`, { status: 'open', userId: c.admin.id })).status).toBe(200);
    at = Date.parse('2026-12-01T16:45:00Z');
    expect((await admin.post(`/messages/${t.id}`, { body: 'Olá! Como posso ajudar?' })).status).toBe(200);
    await vi.waitFor(async () => expect((await slaOf(t.id))!.awaitingReply).toBe(false));
    const s1 = (await slaOf(t.id))!;
    expect(s1.firstResponse).toMatchObject({ metAt: '2026-12-01T16:45:00.000Z', breachedAt: '2026-12-01T16:21:00.000Z' });
    expect(s1.nextResponse).toBeNull();
    // Only the resolution's warning is left to check.
    expect(await checkAt(t.id)).toBe(s1.resolution!.warnAt);

    // The customer answers: the next-response clock (60 business minutes from 14:00 local).
    at = Date.parse('2026-12-01T17:00:00Z');
    await customerWrites(c, phone, 'Meu pedido não chegou', (s) => s?.nextResponse !== null);
    expect((await slaOf(t.id))!.nextResponse).toMatchObject({ startedAt: '2026-12-01T17:00:00.000Z', dueAt: '2026-12-01T18:00:00.000Z', metAt: null });

    // Closed: resolution met in time, the owed response stopped unmet; nothing left to sweep.
    at = Date.parse('2026-12-01T17:30:00Z');
    expect((await admin.put(`/tickets/${t.id}`, { status: 'closed' })).status).toBe(200);
    await vi.waitFor(async () => expect((await slaOf(t.id))!.resolution?.metAt).toBe('2026-12-01T17:30:00.000Z'));
    const s2 = (await slaOf(t.id))!;
    expect(s2.nextResponse).toMatchObject({ stoppedAt: '2026-12-01T17:30:00.000Z', metAt: null, breachedAt: null });
    expect(s2.resolution?.breachedAt).toBeNull();
    expect(await checkAt(t.id)).toBeNull();
    // The ticket's DTO carries its clocks (the list's badge and the header's countdown read them).
    expect((await admin.get<TicketDto>(`/tickets/${t.id}`)).body.sla).toEqual(s2);
    // A warning and a breach, nothing twice.
    await app.bus.idle();
    expect(heard.map((h) => h.action)).toEqual(['warning', 'breach']);
    socket.disconnect();
  });

  it('counts a holiday and the weekend as closed: Christmas Eve at 17:50 is due Monday morning', async () => {
    at = Date.parse('2026-12-24T20:50:00Z'); // Thursday 17:50 local; Friday 25 is a holiday
    const c = await company({ firstResponseMinutes: 30, nextResponseMinutes: null, resolutionMinutes: null });
    const t = await customerWrites(c, uniquePhone(), 'Feliz Natal', (s) => s !== null);
    expect((await slaOf(t.id))!).toMatchObject({ firstResponse: { dueAt: '2026-12-28T11:20:00.000Z', warnAt: '2026-12-28T11:14:00.000Z' }, resolution: null, nextResponse: null });
  });

  it('takes a queue’s own target over the default, and follows a ticket moved to another queue', async () => {
    at = Date.parse('2026-12-01T12:00:00Z'); // Tuesday 09:00 local
    const c = await company({ firstResponseMinutes: 120, nextResponseMinutes: null, resolutionMinutes: null });
    const q = await c.addQueue();
    const admin = api(app, c.adminToken);
    expect((await admin.put(`/sla/queues/${q.id}`, { firstResponseMinutes: 15, nextResponseMinutes: null, resolutionMinutes: null })).status).toBe(200);
    const t = await customerWrites(c, uniquePhone(), 'Oi', (s) => s !== null);
    expect((await slaOf(t.id))!.firstResponse?.dueAt).toBe('2026-12-01T14:00:00.000Z');
    expect((await admin.put(`/tickets/${t.id}`, { queueId: q.id })).status).toBe(200);
    await vi.waitFor(async () => expect((await slaOf(t.id))!.firstResponse?.dueAt).toBe('2026-12-01T12:15:00.000Z'));
    expect((await admin.get<{ queues: unknown[] }>('/sla')).body.queues).toEqual([{ queueId: q.id, firstResponseMinutes: 15, nextResponseMinutes: null, resolutionMinutes: null }]);
  });

  it('a queue never loses the company default by leaving a target empty; only 0 switches it off there (decision 0432)', async () => {
    at = Date.parse('2026-12-01T12:00:00Z'); // Tuesday 09:00 local
    const c = await company({ firstResponseMinutes: 120, nextResponseMinutes: null, resolutionMinutes: 600 });
    const [inherits, off] = [await c.addQueue(), await c.addQueue()];
    const admin = api(app, c.adminToken);
    expect((await admin.put(`/sla/queues/${inherits.id}`, { firstResponseMinutes: null, nextResponseMinutes: null, resolutionMinutes: null })).status).toBe(200);
    expect((await admin.put(`/sla/queues/${off.id}`, { firstResponseMinutes: 0, nextResponseMinutes: null, resolutionMinutes: null })).status).toBe(200);
    const t = await customerWrites(c, uniquePhone(), 'Oi', (s) => s !== null);
    const before = (await slaOf(t.id))!;
    expect([before.firstResponse?.dueAt, before.resolution?.dueAt]).toEqual(['2026-12-01T14:00:00.000Z', '2026-12-02T13:00:00.000Z']);
    // Moved to the queue whose fields are empty: the default's targets still hold, nothing changes.
    expect((await admin.put(`/tickets/${t.id}`, { queueId: inherits.id })).status).toBe(200);
    await app.bus.idle();
    expect(await slaOf(t.id)).toEqual(before);
    // Moved to the queue that switched first response off: that clock stops, resolution keeps the default's.
    expect((await admin.put(`/tickets/${t.id}`, { queueId: off.id })).status).toBe(200);
    await vi.waitFor(async () => expect((await slaOf(t.id))!.firstResponse?.stoppedAt).toBe(before.firstResponse!.startedAt));
    expect((await slaOf(t.id))!.resolution).toEqual(before.resolution);
    expect((await admin.get<{ queues: unknown[] }>('/sla')).body.queues).toContainEqual({ queueId: off.id, firstResponseMinutes: 0, nextResponseMinutes: null, resolutionMinutes: null });
  });

  it('starts no clock where the company has no policy, and writes nothing for it', async () => {
    at = Date.parse('2026-12-01T12:00:00Z');
    const c = await createCompany(app);
    const phone = uniquePhone();
    expect((await c.inbound(phone, 'Oi')).status).toBe(202);
    await vi.waitFor(async () => expect((await c.pendingTickets()).some((t) => t.contact.number === phone)).toBe(true));
    await app.bus.idle();
    const t = (await c.pendingTickets()).find((x) => x.contact.number === phone)!;
    expect(await slaOf(t.id)).toBeNull();
    expect(t.sla).toBeNull();
  });

  it("warns the queue's supervisor (not an admin) before the breach on their socket, and not an agent of another queue", async () => {
    at = Date.parse('2026-12-01T14:50:00Z'); // Tuesday 11:50 local: first response due 13:20, warned at 13:14
    const c = await company({ firstResponseMinutes: 30, nextResponseMinutes: null, resolutionMinutes: null });
    const [vendas, suporte] = [await c.addQueue(), await c.addQueue()];
    const supervisor = await c.addUser({ profile: 'supervisor', queueIds: [vendas.id] });
    const agent = await c.addUser({ profile: 'user', queueIds: [suporte.id] });
    const [supSocket, agentSocket] = [await connectSocket(app, supervisor.token), await connectSocket(app, agent.token)];
    const heardBy = (socket: typeof supSocket) => {
      const heard: { action: string; alert: SlaAlertDto }[] = [];
      socket.on(`company-${c.companyId}-sla`, (p: { action: string; alert: SlaAlertDto }) => heard.push(p));
      return heard;
    };
    const [supHeard, agentHeard] = [heardBy(supSocket), heardBy(agentSocket)];
    const admin = api(app, c.adminToken);

    // A waiting ticket in the supervisor's queue, nobody's yet.
    const inVendas = await customerWrites(c, uniquePhone(), 'Quero comprar', (s) => s !== null);
    expect((await admin.put(`/tickets/${inVendas.id}`, { queueId: vendas.id })).status).toBe(200);
    // The agent's own ticket in the other queue, five minutes later: warned at 13:19, after the first.
    at = Date.parse('2026-12-01T14:55:00Z');
    const inSuporte = await customerWrites(c, uniquePhone(), 'Preciso de suporte', (s) => s !== null);
    expect((await admin.put(`/tickets/${inSuporte.id}`, { queueId: suporte.id, userId: agent.user.id, status: 'open' })).status).toBe(200);
    await app.bus.idle();
    expect(await checkAt(inVendas.id)).toBe('2026-12-01T16:14:00.000Z');

    // Before the breach (13:20): the supervisor of that queue hears the warning on their socket.
    at = Date.parse('2026-12-01T16:15:00Z');
    await sla.sweep();
    await vi.waitFor(() => expect(supHeard).toHaveLength(1));
    expect(supHeard[0]).toEqual({ action: 'warning', alert: { ticketId: inVendas.id, ticketUuid: inVendas.uuid, queueId: vendas.id, userId: null, contactName: inVendas.contact.name, target: 'firstResponse', dueAt: '2026-12-01T16:20:00.000Z' } });
    await app.bus.idle();

    // The agent's own warning comes later on the same socket, so had the first one been sent to
    // them it would have arrived before it: what they hear is theirs alone.
    at = Date.parse('2026-12-01T16:19:30Z');
    await sla.sweep();
    await vi.waitFor(() => expect(agentHeard).toHaveLength(1));
    expect(agentHeard[0]).toMatchObject({ action: 'warning', alert: { ticketId: inSuporte.id, queueId: suporte.id, userId: agent.user.id } });
    supSocket.disconnect();
    agentSocket.disconnect();
  });

  it('lets only admins read or set policies', async () => {
    const c = await company();
    const { token } = await c.addUser({ profile: 'supervisor' });
    expect((await api(app, token).get('/sla')).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await api(app, token).put('/sla', { hours })).status).toBe(403);
  });
});
