import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { wireEvent, type MessageDto, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../helpers/world';
import { recordEvents } from '../helpers/sockets';
import { uniquePhone } from '../helpers/tenants';

// The socket protocol the spec's client speaks (attendance.md §7; decisions 0040–0042): `ready`
// before joins, joinChatBox by the numeric id, list joins that are safe to repeat or leave, new
// tickets as `update`, and a status change that first drops the ticket from its old list.

let app: TestApp;
let co: TestCompany;
let other: TestCompany;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  co = await createCompany(app);
  other = await createCompany(app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

const open = async (token: string) => {
  const s = await connectSocket(app, token);
  sockets.push(s);
  return s;
};
const ticketEvent = () => wireEvent(co.companyId, 'ticket');
const appMessage = () => wireEvent(co.companyId, 'appMessage');
type TicketPayload = { action: string; ticket?: TicketDto; ticketId?: number; movedFrom?: string };

/** A new customer writes to `c`: resolves with its pending ticket. */
const newTicket = async (c: TestCompany, body = 'Oi'): Promise<TicketDto> => {
  const phone = uniquePhone();
  await c.inbound(phone, body);
  return (await c.pendingTickets()).find((t) => t.contact.number === phone)!;
};

describe('ready', () => {
  it('comes after the connection, once the socket is in its rooms', async () => {
    const s = io(app.url, { transports: ['websocket'], auth: { token: co.adminToken }, reconnection: false, forceNew: true });
    sockets.push(s);
    const order: string[] = [];
    s.on('connect', () => order.push('connect'));
    await new Promise<void>((resolve) => s.once('ready', () => resolve()));
    order.push('ready');
    expect(order).toEqual(['connect', 'ready']);
    // Right after ready the lists' rooms deliver: a new ticket reaches this socket.
    const phone = uniquePhone();
    const arrived = nextEvent<TicketPayload>(s, ticketEvent(), (p) => p.ticket?.contact.number === phone);
    await co.inbound(phone, 'primeira mensagem');
    expect(await arrived).toMatchObject({ action: 'update', ticket: { status: 'pending' } });
  });
});

describe('joinChatBox / leaveChatBox', () => {
  it('joins by the numeric id as the spec client sends it, and leaves by the same id', async () => {
    const t = (await api(app, co.adminToken).put<TicketDto>(`/tickets/${(await newTicket(co)).id}`, { status: 'open', userId: co.admin.id })).body;
    const s = await open(co.adminToken);
    const control = await open(co.adminToken);
    expect(await s.emitWithAck('joinChatBox', `${t.id}`)).toBe(true);
    expect(await s.emitWithAck('joinChatBox', `${t.id}`)).toBe(true); // twice is once
    expect(await control.emitWithAck('joinChatBox', t.uuid)).toBe(true);

    // In the room: the reply's acks (`update`, sent only to the conversation's room) arrive.
    const send = async (body: string) => (await api(app, co.adminToken).post<MessageDto>(`/messages/${t.id}`, { body })).body;
    const readBy = (sock: Socket, id: number) => nextEvent<{ action: string; message: MessageDto }>(sock, appMessage(), (p) => p.action === 'update' && p.message.id === id && p.message.ack >= 4);
    const first = await send('primeira');
    await readBy(s, first.id);

    // Left by the id: the next reply's acks reach the control socket, not this one (ordered: the
    // customer's message after them reaches both, so an ack sent here would have come first).
    s.emit('leaveChatBox', `${t.id}`);
    const seen = recordEvents(s);
    const left = await s.emitWithAck('joinChatBox', 'not-a-ticket'); // a round trip: the leave is done
    expect(left).toBe(false);
    const second = await send('segunda');
    await readBy(control, second.id);
    const after = nextEvent(s, appMessage(), (p: { message: MessageDto }) => p.message.body === 'depois');
    await co.inbound(t.contact.number, 'depois');
    await after;
    expect(seen.filter((r) => r.event === appMessage() && (r.payload as { action: string }).action === 'update')).toEqual([]);
  });

  it('refuses an id the user may not see, another company\'s id, and what the client sends before it has a ticket', async () => {
    const { id: q2 } = await co.addQueue();
    const { id: q1 } = await co.addQueue();
    const agent = await co.addUser({ queueIds: [q1] });
    const t = await newTicket(co);
    await api(app, co.adminToken).put(`/tickets/${t.id}`, { queueId: q2 });
    const mine = await newTicket(co);
    await api(app, co.adminToken).put(`/tickets/${mine.id}`, { queueId: q1 });
    const foreignTicket = await newTicket(other);
    const s = await open(agent.token);
    expect(await s.emitWithAck('joinChatBox', `${t.id}`)).toBe(false);
    expect(await s.emitWithAck('joinChatBox', `${foreignTicket.id}`)).toBe(false);
    expect(await s.emitWithAck('joinChatBox', 'undefined')).toBe(false);
    expect(await s.emitWithAck('joinChatBox', '99999999999')).toBe(false);
    expect(await s.emitWithAck('joinChatBox', `${mine.id}`)).toBe(true);
  });
});

describe('list joins', () => {
  it('joinTickets / joinNotification may repeat, and their leave* never cost the socket its list events', async () => {
    const s = await open(co.adminToken);
    for (const status of ['open', 'pending', 'open']) s.emit('joinTickets', status);
    s.emit('joinNotification');
    s.emit('joinNotification');
    s.emit('leaveTickets', 'pending');
    s.emit('leaveNotification');
    const phone = uniquePhone();
    const arrived = nextEvent<TicketPayload>(s, ticketEvent(), (p) => p.ticket?.contact.number === phone);
    await co.inbound(phone, 'ainda chega');
    expect(await arrived).toMatchObject({ action: 'update', ticket: { status: 'pending' } });
  });
});

describe('ticket events', () => {
  it('a new ticket is announced as update (the spec client ignores create)', async () => {
    const s = await open(co.adminToken);
    const seen = recordEvents(s);
    const phone = uniquePhone();
    const arrived = nextEvent<TicketPayload>(s, ticketEvent(), (p) => p.ticket?.contact.number === phone);
    await co.inbound(phone, 'novo');
    await arrived;
    const about = seen.filter((r) => r.event === ticketEvent() && (r.payload as TicketPayload).ticket?.contact.number === phone);
    expect(about.map((r) => (r.payload as TicketPayload).action)).toEqual(['update']);
  });

  it('reading a conversation sends the update (unread 0), then updateUnread for the notifications', async () => {
    const t = (await api(app, co.adminToken).put<TicketDto>(`/tickets/${(await newTicket(co)).id}`, { status: 'open', userId: co.admin.id })).body;
    const s = await open(co.adminToken);
    const seen = recordEvents(s);
    const unread = nextEvent<TicketPayload>(s, ticketEvent(), (p) => p.ticket?.id === t.id && p.ticket.unreadMessages === 1);
    await co.inbound(t.contact.number, 'tem alguém aí?');
    await unread;
    const from = seen.length;
    const cleared = nextEvent<TicketPayload>(s, ticketEvent(), (p) => p.action === 'updateUnread' && p.ticketId === t.id);
    expect((await api(app, co.adminToken).post(`/tickets/${t.id}/read`)).status).toBe(200);
    await cleared;
    const about = seen.slice(from).filter((r) => r.event === ticketEvent()).map((r) => r.payload as TicketPayload);
    expect(about.map((p) => [p.action, p.ticket?.unreadMessages ?? p.ticketId])).toEqual([
      ['update', 0],
      ['updateUnread', t.id],
    ]);
  });

  it('a status change first deletes the ticket from the old list (movedFrom), then updates it, on the same socket', async () => {
    const t = await newTicket(co);
    const s = await open(co.adminToken);
    const seen = recordEvents(s);
    const accepted = nextEvent<TicketPayload>(s, ticketEvent(), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.status === 'open');
    await api(app, co.adminToken).put(`/tickets/${t.id}`, { status: 'open', userId: co.admin.id });
    await accepted;
    const about = seen.filter((r) => r.event === ticketEvent()).map((r) => r.payload as TicketPayload).filter((p) => (p.ticket?.id ?? p.ticketId) === t.id);
    expect(about.map((p) => [p.action, p.ticket?.status ?? p.movedFrom])).toEqual([
      ['delete', 'pending'],
      ['update', 'open'],
    ]);
    expect(about[0]).toEqual({ action: 'delete', ticketId: t.id, ticketUuid: t.uuid, movedFrom: 'pending' });

    // A change that keeps the status (a transfer to a queue, still with its agent) is an update only.
    const { id: queueId } = await co.addQueue();
    const moved = nextEvent<TicketPayload>(s, ticketEvent(), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.queueId === queueId);
    const from = seen.length;
    await api(app, co.adminToken).put(`/tickets/${t.id}`, { queueId, userId: co.admin.id });
    await moved;
    const later = seen.slice(from).filter((r) => r.event === ticketEvent()).map((r) => r.payload as TicketPayload).filter((p) => (p.ticket?.id ?? p.ticketId) === t.id);
    expect(later.map((p) => [p.action, p.ticket?.status ?? p.movedFrom])).toEqual([['update', 'open']]);
  });
});
