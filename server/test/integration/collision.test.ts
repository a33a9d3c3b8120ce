import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { wireEvent, type TicketDto, type WireChannels } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, connectSocket, nextEvent } from '../helpers/world';
import { createTenant, uniquePhone, type Tenant } from '../helpers/tenants';
import { mentioning, recordEvents } from '../helpers/sockets';

// Collision detection (issue 10 item 8, decision 0087): `ticketActivity` is relayed to the
// sockets of users who may see the ticket, never to the sender's own, another company or a user
// who may not see it. To prove a socket did NOT hear something, an event it does hear is awaited
// afterwards: a socket's stream is ordered, so a leak would have come first.

type Collision = WireChannels['collision'];

let app: TestApp;
let A: Tenant;
let B: Tenant;
/** A's ticket without a queue: the outsider (no queue, allTicket enabled) may see it. */
let noQueue: TicketDto;
let outsiderToken: string;
let outsiderId: number;
let colleagueToken: string;
let colleagueId: number;
const sockets: Socket[] = [];

const open = async (token: string) => {
  const s = await connectSocket(app, token);
  sockets.push(s);
  return s;
};
const collisionOf = (t: Tenant) => wireEvent(t.c.companyId, 'collision');
const hears = (s: Socket, t: Tenant, match: (p: Collision) => boolean) => nextEvent<Collision>(s, collisionOf(t), match);

beforeAll(async () => {
  app = await createTestApp();
  A = await createTenant(app, 'Colisao');
  B = await createTenant(app, 'Bravura');
  const phone = uniquePhone();
  await A.c.inbound(phone, 'sem fila');
  noQueue = (await A.c.pendingTickets()).find((t) => t.contact.number === phone)!;
  expect(noQueue.queueId).toBeNull();
  const outsider = await A.c.addUser({ queueIds: [], allTicket: 'enabled' });
  outsiderToken = outsider.token;
  outsiderId = outsider.user.id;
  const colleague = await A.c.addUser({ queueIds: [A.queueId] });
  colleagueToken = colleague.token;
  colleagueId = colleague.user.id;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

describe('ticketActivity', () => {
  it("relays 'viewing' and 'typing' with the sender's name to whoever may see the ticket, never back to the sender", async () => {
    const [admin, agent] = await Promise.all([open(A.c.adminToken), open(A.user.token)]);
    const seenAdmin = recordEvents(admin);
    const viewing = hears(agent, A, (p) => p.ticketId === A.ticket.id && p.state === 'viewing');
    admin.emit('ticketActivity', A.ticket.uuid, 'viewing');
    expect(await viewing).toEqual({
      action: 'update',
      ticketId: A.ticket.id,
      ticketUuid: A.ticket.uuid,
      user: { id: A.c.admin.id, name: A.c.admin.name },
      state: 'viewing',
    });
    const typing = hears(agent, A, (p) => p.ticketId === A.ticket.id && p.state === 'typing');
    admin.emit('ticketActivity', A.ticket.uuid.toUpperCase(), 'typing');
    expect(await typing).toMatchObject({ user: { id: A.c.admin.id }, state: 'typing' });
    // The agent announces too: the admin hears the agent, and never itself.
    const back = hears(admin, A, (p) => p.user.id === A.user.id);
    agent.emit('ticketActivity', A.ticket.uuid, 'viewing');
    await back;
    expect(seenAdmin.filter((r) => r.event === collisionOf(A) && (r.payload as Collision).user.id === A.c.admin.id)).toEqual([]);
  });

  it('never reaches a user of the company who may not see the ticket, nor another company', async () => {
    const [admin, outsider, bAdmin, bAgent] = await Promise.all([open(A.c.adminToken), open(outsiderToken), open(B.c.adminToken), open(B.user.token)]);
    const seenOutsider = recordEvents(outsider);
    const seenB = recordEvents(bAdmin);
    const agent = await open(A.user.token);
    const reached = hears(agent, A, (p) => p.ticketId === A.ticket.id && p.user.id === A.c.admin.id);
    admin.emit('ticketActivity', A.ticket.uuid, 'typing');
    await reached;
    // B's agent names A's ticket: refused (another company's ticket is not found).
    bAgent.emit('ticketActivity', A.ticket.uuid, 'viewing');
    // Controls: the outsider may see the queue-less ticket; B's admin may see B's ticket.
    const outControl = hears(outsider, A, (p) => p.ticketId === noQueue.id);
    admin.emit('ticketActivity', noQueue.uuid, 'viewing');
    await outControl;
    const bControl = hears(bAdmin, B, (p) => p.ticketId === B.ticket.id);
    bAgent.emit('ticketActivity', B.ticket.uuid, 'viewing');
    await bControl;

    expect(mentioning(seenOutsider, A.ticket.uuid).map((r) => r.event)).toEqual([]);
    expect(mentioning(seenB, A.ticket.uuid).map((r) => r.event)).toEqual([]);
    expect(seenB.filter((r) => !r.event.startsWith(`company-${B.c.companyId}-`)).map((r) => r.event)).toEqual([]);
  });

  it("a user who may not see the ticket cannot announce it: nobody hears them", async () => {
    const [admin, outsider] = await Promise.all([open(A.c.adminToken), open(outsiderToken)]);
    const seenAdmin = recordEvents(admin);
    outsider.emit('ticketActivity', A.ticket.uuid, 'viewing');
    outsider.emit('ticketActivity', 'not-a-uuid', 'viewing');
    outsider.emit('ticketActivity', noQueue.uuid, 'shouting');
    const control = hears(admin, A, (p) => p.ticketId === noQueue.id && p.user.id === outsiderId);
    outsider.emit('ticketActivity', noQueue.uuid, 'typing');
    expect(await control).toMatchObject({ state: 'typing' });
    expect(seenAdmin.filter((r) => r.event === collisionOf(A)).map((r) => (r.payload as Collision).ticketId)).toEqual([noQueue.id]);
  });

  it("says 'left' when the agent leaves the ticket and when their socket goes away", async () => {
    const [admin, colleague] = await Promise.all([open(A.c.adminToken), open(colleagueToken)]);
    const viewing = hears(admin, A, (p) => p.user.id === colleagueId && p.state === 'viewing');
    colleague.emit('ticketActivity', A.ticket.uuid, 'viewing');
    await viewing;
    const left = hears(admin, A, (p) => p.user.id === colleagueId && p.state === 'left');
    colleague.emit('ticketActivity', A.ticket.uuid, 'left');
    expect(await left).toMatchObject({ ticketId: A.ticket.id, ticketUuid: A.ticket.uuid });

    const again = hears(admin, A, (p) => p.user.id === colleagueId && p.state === 'viewing');
    colleague.emit('ticketActivity', A.ticket.uuid, 'viewing');
    await again;
    const gone = hears(admin, A, (p) => p.user.id === colleagueId && p.state === 'left');
    colleague.disconnect();
    expect(await gone).toMatchObject({ ticketId: A.ticket.id, user: { id: colleagueId } });
  });

  // Last: it moves A's ticket to another queue.
  it("tells a colleague who may no longer see the ticket (transferred away) that the agent 'left'", async () => {
    const [admin, agent] = await Promise.all([open(A.c.adminToken), open(A.user.token)]);
    const viewing = hears(agent, A, (p) => p.ticketId === A.ticket.id && p.user.id === A.c.admin.id && p.state === 'viewing');
    admin.emit('ticketActivity', A.ticket.uuid, 'viewing');
    await viewing;
    const { id: elsewhere } = await A.c.addQueue();
    expect((await api(app, A.c.adminToken).put(`/tickets/${A.ticket.id}`, { queueId: elsewhere })).status).toBe(200);
    const left = hears(agent, A, (p) => p.ticketId === A.ticket.id && p.user.id === A.c.admin.id);
    admin.emit('ticketActivity', A.ticket.uuid, 'viewing');
    expect(await left).toMatchObject({ state: 'left' });
  });
});
