import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { wireEvent, type ListTicketsResponse, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../helpers/world';
import { uniquePhone } from '../helpers/tenants';
import { mentioning, recordEvents } from '../helpers/sockets';

// Profiles and visibility (server-behaviour §3) inside one company: who may open, list and
// follow which ticket.

let app: TestApp;
let co: TestCompany;
let q1: number;
let q2: number;
type Agent = { id: number; token: string };
let u1: Agent; // user of Q1, allTicket disabled
let u2: Agent; // another user of Q1
let uAll: Agent; // user of Q1 with allTicket enabled
let sup: Agent; // supervisor of Q1
const t: Record<'q1' | 'q2' | 'q1ofU2' | 'noQueue', TicketDto & { phone: string }> = {} as never;
const sockets: Socket[] = [];

/** A customer writes, then the admin puts the new ticket where the test needs it. */
const ticket = async (placement: { queueId?: number; userId?: number }) => {
  const phone = uniquePhone();
  await co.inbound(phone, 'Olá');
  const created = (await co.pendingTickets()).find((x) => x.contact.number === phone)!;
  if (placement.queueId === undefined) return { ...created, phone };
  const moved = await api(app, co.adminToken).put<TicketDto>(`/tickets/${created.id}`, placement);
  if (moved.status !== 200) throw new Error(`placement: ${JSON.stringify(moved.body)}`);
  return { ...moved.body, phone };
};

beforeAll(async () => {
  app = await createTestApp();
  co = await createCompany(app);
  q1 = (await co.addQueue('Fila Um')).id;
  q2 = (await co.addQueue('Fila Dois')).id;
  const agent = async (o: Parameters<TestCompany['addUser']>[0]) => {
    const { user, token } = await co.addUser(o);
    return { id: user.id, token };
  };
  u1 = await agent({ queueIds: [q1] });
  u2 = await agent({ queueIds: [q1] });
  uAll = await agent({ queueIds: [q1], allTicket: 'enabled' });
  sup = await agent({ profile: 'supervisor', queueIds: [q1] });
  t.q1 = await ticket({ queueId: q1 });
  t.q2 = await ticket({ queueId: q2 });
  t.q1ofU2 = await ticket({ queueId: q1, userId: u2.id });
  t.noQueue = await ticket({});
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

const opens = async (who: Agent, x: TicketDto) => {
  const a = api(app, who.token);
  const answers = [await a.get<{ error?: string }>(`/tickets/${x.id}`), await a.get<{ error?: string }>(`/tickets/u/${x.uuid}`), await a.get<{ error?: string }>(`/messages/${x.id}`)];
  return answers.map((r) => (r.status === 200 ? 200 : `${r.status} ${r.body.error}`));
};
const listed = async (who: Agent, query: string) => {
  const r = await api(app, who.token).get<ListTicketsResponse>(`/tickets?${query}`);
  expect(r.status).toBe(200);
  return r.body.tickets.map((x) => x.id);
};
const DENIED = '403 ERR_NO_PERMISSION';

describe('a user of Q1', () => {
  it('cannot open, read or act on a ticket of Q2', async () => {
    expect(await opens(u1, t.q2)).toEqual([DENIED, DENIED, DENIED]);
    const a = api(app, u1.token);
    const writes = [
      await a.put<{ error: string }>(`/tickets/${t.q2.id}`, { status: 'open' }),
      await a.post<{ error: string }>(`/messages/${t.q2.id}`, { body: 'oi' }),
      await a.post<{ error: string }>(`/tickets/${t.q2.id}/read`),
    ];
    expect(writes.map((r) => `${r.status} ${r.body.error}`)).toEqual([DENIED, DENIED, DENIED]);
    const [row] = await app.owner`select status, user_id from tickets where id = ${t.q2.id}`;
    expect(row).toEqual({ status: 'pending', user_id: null });
    // The admin, for contrast, opens it.
    expect(await opens({ id: co.admin.id, token: co.adminToken }, t.q2)).toEqual([200, 200, 200]);
  });

  it('does not find a Q2 ticket in any list, even asking for all, for Q2 or by its number', async () => {
    for (const query of ['', 'status=pending', 'showAll=true', 'showAll=true&status=pending', `showAll=true&queueIds=${q2}`, `searchParam=${t.q2.phone}`]) {
      expect({ query, has: (await listed(u1, query)).includes(t.q2.id) }).toEqual({ query, has: false });
    }
    expect(await listed({ id: co.admin.id, token: co.adminToken }, 'showAll=true&status=pending')).toContain(t.q2.id);
  });

  it('sees and opens the unassigned tickets of Q1', async () => {
    expect(await opens(u1, t.q1)).toEqual([200, 200, 200]);
    expect(await listed(u1, 'status=pending')).toContain(t.q1.id);
  });

  it('does not see a Q1 ticket assigned to someone else, which its agent sees', async () => {
    expect(await opens(u1, t.q1ofU2)).toEqual([DENIED, DENIED, DENIED]);
    expect(await listed(u1, 'status=open')).not.toContain(t.q1ofU2.id);
    expect(await listed(u1, 'showAll=true')).not.toContain(t.q1ofU2.id);
    expect(await opens(u2, t.q1ofU2)).toEqual([200, 200, 200]);
    expect(await listed(u2, 'status=open')).toContain(t.q1ofU2.id);
  });

  it('sees unassigned tickets without a queue only with allTicket enabled', async () => {
    expect(await opens(u1, t.noQueue)).toEqual([DENIED, DENIED, DENIED]);
    expect(await listed(u1, 'status=pending')).not.toContain(t.noQueue.id);
    expect(await opens(uAll, t.noQueue)).toEqual([200, 200, 200]);
    expect(await listed(uAll, 'status=pending')).toContain(t.noQueue.id);
  });
});

describe('a supervisor of Q1', () => {
  it("sees a Q1 ticket assigned to another user, but still nothing of Q2", async () => {
    expect(await opens(sup, t.q1ofU2)).toEqual([200, 200, 200]);
    expect(await listed(sup, 'status=open')).toContain(t.q1ofU2.id);
    expect(await opens(sup, t.q2)).toEqual([DENIED, DENIED, DENIED]);
    expect(await listed(sup, 'showAll=true')).not.toContain(t.q2.id);
  });

  it('finds the same by search, and the counts agree (server-behaviour §3: lists, search, counts)', async () => {
    const count = async (who: Agent, query: string) => (await api(app, who.token).get<ListTicketsResponse>(`/tickets?${query}`)).body.count;
    expect(await listed(sup, `searchParam=${t.q1ofU2.phone}&showAll=true`)).toEqual([t.q1ofU2.id]);
    expect(await listed(sup, `searchParam=${t.q2.phone}&showAll=true`)).toEqual([]);
    expect(await count(sup, `searchParam=${t.q2.phone}&showAll=true`)).toBe(0);
    // The user of Q1 does not find the ticket their colleague holds; the supervisor does.
    expect(await listed(u1, `searchParam=${t.q1ofU2.phone}&showAll=true`)).toEqual([]);
    const open = await api(app, sup.token).get<ListTicketsResponse>('/tickets?status=open');
    expect(open.body.count).toBe(open.body.tickets.length);
    expect(open.body.tickets.every((x) => x.queueId === q1 || x.userId === sup.id)).toBe(true);
  });

  it("hears the live updates of a Q1 ticket another user holds, never of Q2's (rooms)", async () => {
    const s = await connectSocket(app, sup.token);
    sockets.push(s);
    const seen = recordEvents(s);
    const channel = wireEvent(co.companyId, 'ticket');
    const admin = await connectSocket(app, co.adminToken);
    sockets.push(admin);
    const controlQ2 = nextEvent(admin, wireEvent(co.companyId, 'appMessage'), (p: { ticket: TicketDto }) => p.ticket.id === t.q2.id);
    await co.inbound(t.q2.phone, 'segundo da fila dois');
    await controlQ2;
    const mine = nextEvent(s, channel, (p: { action: string; ticket?: TicketDto }) => p.action === 'update' && p.ticket?.id === t.q1ofU2.id);
    await co.inbound(t.q1ofU2.phone, 'mais uma na fila um');
    await mine;
    expect(mentioning(seen, t.q2.uuid)).toEqual([]);
  });
});

describe('socket rooms', () => {
  it("a user cannot joinChatBox into a ticket they cannot see: its messages never reach them", async () => {
    const admin = await connectSocket(app, co.adminToken);
    const user = await connectSocket(app, u1.token);
    sockets.push(admin, user);
    const seen = recordEvents(user);
    const appMessage = wireEvent(co.companyId, 'appMessage');
    const messageOf = (x: TicketDto) => (p: { ticket: TicketDto }) => p.ticket.id === x.id;

    // The server answers each join: refused for the Q2 ticket, granted for the Q1 one.
    expect(await user.emitWithAck('joinChatBox', t.q2.uuid)).toBe(false);
    expect(await user.emitWithAck('joinChatBox', t.q1.uuid)).toBe(true);
    expect(await admin.emitWithAck('joinChatBox', t.q2.uuid)).toBe(true);

    // A message on the forbidden ticket (the admin, in its room, gets it), then one the user
    // should get: the user's socket delivers in order, so the first would have arrived first.
    const control = nextEvent(admin, appMessage, messageOf(t.q2));
    await co.inbound(t.q2.phone, 'segredo da fila dois');
    await control;
    const reached = nextEvent(user, appMessage, messageOf(t.q1));
    await co.inbound(t.q1.phone, 'para a fila um');
    await reached;

    expect(mentioning(seen, t.q2.uuid).map((r) => r.event)).toEqual([]);
    expect(mentioning(seen, 'segredo')).toEqual([]);
    expect(seen.filter((r) => r.event === appMessage).length).toBe(1);
  });
});
