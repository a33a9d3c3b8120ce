/**
 * The /tickets page's lists, as the spec's client asks for them and keeps them live
 * (components/TicketsManagerTabs, TicketsListCustom, TicketListItemCustom, NotificationsPopOver,
 * hooks/useTickets; attendance §2 Tickets screen, §7 Tickets and messages, §4 Real-time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWireTicket, ListModel, type SpecClient, type SpecSocket, type WireTicket } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
/** A pending ticket without queue, an open one assigned to the admin, a closed one. */
let pending: WireTicket, open: WireTicket, closed: WireTicket;
/** A pending ticket in queue Q, and a user of Q. */
let queueId: number;
let queued: WireTicket;
let agent: SpecClient;

beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
  pending = await stage.customerWrites(uniquePhone(), 'Oi, preciso de ajuda', 'Maria Pendente');
  open = await stage.customerWrites(uniquePhone(), 'Bom dia', 'João Aberto');
  expect((await admin.acceptFromList(open)).put.status).toBe(200);
  closed = await stage.customerWrites(uniquePhone(), 'Obrigado', 'Ana Fechada');
  expect((await admin.closeFromList(closed)).status).toBe(200);
  ({ id: queueId } = await stage.c.addQueue());
  const q = await stage.customerWrites(uniquePhone(), 'Quero comprar', 'Pedro Fila');
  const moved = await admin.http<WireTicket>('PUT', `/tickets/${q.id}`, { data: { queueId } });
  expect(moved.status).toBe(200);
  queued = moved.data;
  agent = await stage.userTab([queueId]);
});
afterAll(async () => {
  await stage?.close();
});

const ids = (ts: WireTicket[]) => ts.map((t) => t.id);

describe('every list call of the admin, with its exact parameters', () => {
  // The admin has no queues: TicketsManagerTabs selects none (queueIds=[]), and showAll starts on.
  const lists = () => ({
    open: admin.listParams('open', { showAll: true, selectedQueueIds: [] }),
    openMine: admin.listParams('open', { showAll: false, selectedQueueIds: [] }),
    pending: admin.listParams('pending', { selectedQueueIds: [] }),
    closed: admin.listParams('closed', { selectedQueueIds: [] }),
    search: admin.listParams('search', { selectedQueueIds: [], searchParam: '' }),
  });

  it('writes them as axios does (JSON arrays as text, booleans as text, unset left out)', () => {
    const l = lists();
    expect(l.open).toEqual({ pageNumber: 1, searchParam: undefined, status: 'open', showAll: true, tags: undefined, users: undefined, queueIds: '[]' });
    expect(l.pending).toEqual({ pageNumber: 1, searchParam: undefined, status: 'pending', showAll: undefined, tags: undefined, users: undefined, queueIds: '[]' });
    expect(l.search).toEqual({ pageNumber: 1, searchParam: '', status: undefined, showAll: true, tags: '[]', users: '[]', queueIds: '[]' });
  });

  it('open (assigned) tab: GET /tickets?pageNumber=1&status=open&showAll=true&queueIds=[]', async () => {
    const res = await admin.tickets(lists().open);
    expect(res.url).toBe('/tickets?pageNumber=1&status=open&showAll=true&queueIds=[]');
    expect(res.status).toBe(200);
    expect(res.data.hasMore).toEqual(expect.any(Boolean));
    expect(ids(res.data.tickets)).toContain(open.id);
    for (const t of res.data.tickets) {
      expectWireTicket(t);
      expect(t.status).toBe('open');
    }
    const mine = await admin.tickets(lists().openMine);
    expect(mine.url).toContain('showAll=false');
    expect(mine.status).toBe(200);
    expect(ids(mine.data.tickets)).toContain(open.id);
  });

  it('pending tab: GET /tickets?pageNumber=1&status=pending&queueIds=[]', async () => {
    const res = await admin.tickets(lists().pending);
    expect(res.status).toBe(200);
    expect(ids(res.data.tickets)).toContain(pending.id);
    for (const t of res.data.tickets) {
      expectWireTicket(t);
      expect(t.status).toBe('pending');
    }
    // What the list item shows of it: contact, last message, connection, queue tag or SEM FILA.
    const item = res.data.tickets.find((t) => t.id === pending.id)!;
    expect(item).toMatchObject({ contact: { name: 'Maria Pendente' }, lastMessage: 'Oi, preciso de ajuda', queue: null, userId: null });
    expect(item.whatsapp?.name).toEqual(expect.any(String));
    expect(item.unreadMessages).toBeGreaterThan(0);
  });

  it('closed tab: status=closed&showAll=true', async () => {
    const res = await admin.tickets(lists().closed);
    expect(res.status).toBe(200);
    expect(ids(res.data.tickets)).toContain(closed.id);
    for (const t of res.data.tickets) expect(t.status).toBe('closed');
  });

  it('search tab: searchParam (lower-cased by the client), tags=[] and users=[] as JSON, no status', async () => {
    const empty = await admin.tickets(lists().search);
    expect(empty.url).toBe('/tickets?pageNumber=1&searchParam=&showAll=true&tags=[]&users=[]&queueIds=[]');
    expect(empty.status).toBe(200);
    const byName = await admin.tickets(admin.listParams('search', { selectedQueueIds: [], searchParam: 'maria pendente' }));
    expect(byName.status).toBe(200);
    expect(ids(byName.data.tickets)).toContain(pending.id);
    const byUser = await admin.tickets(admin.listParams('search', { selectedQueueIds: [], searchParam: '', users: [admin.userId] }));
    expect(byUser.url).toContain(`users=[${admin.userId}]`);
    expect(byUser.status).toBe(200);
    expect(ids(byUser.data.tickets)).toContain(open.id);
    for (const t of byUser.data.tickets) expect(t.userId).toBe(admin.userId);
  });

  it('search tab: a word from any message (accents aside), digits of the number, and tags=[…] meaning every tag', async () => {
    const t = await stage.customerWrites(uniquePhone(), 'Preciso de um orçamento para a instalação', 'Cliente Busca');
    const byWord = await admin.tickets(admin.listParams('search', { selectedQueueIds: [], searchParam: 'instalacao' }));
    expect(byWord.status).toBe(200);
    expect(ids(byWord.data.tickets)).toEqual([t.id]);
    const byDigits = await admin.tickets(admin.listParams('search', { selectedQueueIds: [], searchParam: t.contact.number.slice(-8) }));
    expect(ids(byDigits.data.tickets)).toEqual([t.id]);
    const tag = async (name: string) => (await stage.app.owner`insert into tags (company_id, name) values (${stage.c.companyId}, ${name}) returning id`)[0]!.id as number;
    const [vip, late] = [await tag('VIP'), await tag('Atrasado')];
    await stage.app.owner`insert into ticket_tags (company_id, ticket_id, tag_id) values (${stage.c.companyId}, ${t.id}, ${vip}), (${stage.c.companyId}, ${pending.id}, ${vip})`;
    const vipOnly = await admin.tickets(admin.listParams('search', { selectedQueueIds: [], searchParam: '', tags: [vip] }));
    expect(vipOnly.url).toContain(`tags=[${vip}]`);
    expect(ids(vipOnly.data.tickets).sort()).toEqual([t.id, pending.id].sort());
    const both = await admin.tickets(admin.listParams('search', { selectedQueueIds: [], searchParam: '', tags: [vip, late] }));
    expect(both.data.tickets).toEqual([]);
  });

  it("search tab of a user: another user's filter is ignored, visibility still applies", async () => {
    const res = await agent.tickets(agent.listParams('search', { selectedQueueIds: [queueId], searchParam: '', users: [admin.userId] }));
    expect(res.status).toBe(200);
    expect(ids(res.data.tickets)).toContain(queued.id);
    expect(ids(res.data.tickets)).not.toContain(open.id);
  });

  it('the next page (infinite scroll): pageNumber=2 answers 200 and hasMore false', async () => {
    const res = await admin.tickets(admin.listParams('pending', { selectedQueueIds: [], pageNumber: 2 }));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ tickets: [], hasMore: false });
  });

  it('notifications (NotificationsPopOver): withUnreadMessages=true', async () => {
    const res = await admin.notifications();
    expect(res.url).toBe('/tickets?withUnreadMessages=true');
    expect(res.status).toBe(200);
    expect(ids(res.data.tickets)).toContain(pending.id);
    for (const t of res.data.tickets) expect(t.unreadMessages).toBeGreaterThan(0);
  });
});

describe("a regular user's lists (queueIds of their queues, and the client's own queue filter)", () => {
  it('pending tab with queueIds=[Q] holds the queue ticket and the client keeps it', async () => {
    const params = agent.listParams('pending', { selectedQueueIds: [queueId] });
    const res = await agent.tickets(params);
    expect(res.url).toBe(`/tickets?pageNumber=1&status=pending&queueIds=[${queueId}]`);
    expect(res.status).toBe(200);
    const list = new ListModel({ status: 'pending', selectedQueueIds: [queueId], user: agent.user! });
    list.load(res.data.tickets);
    expect(list.has(queued.id)).toBe(true);
    expect(list.has(pending.id)).toBe(false);
  });

  it('open tab (showAll off: the switch is admin-only) answers 200 with only open tickets', async () => {
    const res = await agent.tickets(agent.listParams('open', { showAll: false, selectedQueueIds: [queueId] }));
    expect(res.status).toBe(200);
    for (const t of res.data.tickets) expect(t.status).toBe('open');
  });
});

describe('the lists live (socket: ready, joins, update/delete/appMessage)', () => {
  let socket: SpecSocket;
  let pendingList: ListModel, openList: ListModel;

  beforeAll(async () => {
    socket = admin.socket();
    // The three lists mounted on /tickets join on ready: open, pending, and (search / notifications) notification.
    socket.whenReady(() => {
      socket.joinList('open');
      socket.joinList('pending');
      socket.joinList();
    });
    await socket.open();
    pendingList = new ListModel({ status: 'pending', selectedQueueIds: [], user: admin.user! });
    openList = new ListModel({ status: 'open', showAll: true, selectedQueueIds: [], user: admin.user! });
    pendingList.load((await admin.tickets(admin.listParams('pending', { selectedQueueIds: [] }))).data.tickets);
    openList.load((await admin.tickets(admin.listParams('open', { showAll: true, selectedQueueIds: [] }))).data.tickets);
  });
  afterAll(() => socket?.close());

  it('the server says ready once the connection is set up', () => {
    expect(socket.readyFrames).toBe(1);
  });

  it("a new customer's ticket arrives in the pending list as the client handles it (update, not create)", async () => {
    const phone = uniquePhone();
    const arrival = socket.next<{ action: string; ticket: WireTicket }>(socket.channel('ticket'), (p) => p.action === 'update' && p.ticket?.contact?.number === phone);
    const message = socket.next<{ action: string; ticket: WireTicket; message: { ticketId: number }; contact: { number: string } }>(
      socket.channel('appMessage'),
      (p) => p.action === 'create' && p.contact?.number === phone,
    );
    const t = await stage.customerWrites(phone, 'Chegou agora', 'Novo Cliente');
    const frame = await arrival;
    expect(frame.ticket).toMatchObject({ id: t.id, status: 'pending' });
    expectWireTicket(frame.ticket);
    const m = await message;
    expect(m).toMatchObject({ message: { ticketId: t.id }, ticket: { id: t.id, status: 'pending' }, contact: { number: phone } });
    pendingList.replay(socket);
    expect(pendingList.tickets[0]?.id).toBe(t.id);
    expect(openList.replay(socket).has(t.id)).toBe(false);
  });

  it('accepting moves the ticket: gone from the pending list, in the open list', async () => {
    const t = await stage.customerWrites(uniquePhone(), 'Me atende?', 'Cliente Aceito');
    await socket.next<{ action: string; ticket: WireTicket }>(socket.channel('ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id);
    const left = socket.next<{ action: string; ticketId: number }>(socket.channel('ticket'), (p) => p.action === 'delete' && p.ticketId === t.id);
    const joined = socket.next<{ action: string; ticket: WireTicket }>(socket.channel('ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.status === 'open');
    const { put } = await admin.acceptFromList(t);
    expect(put.status).toBe(200);
    await Promise.all([left, joined]);
    const pendingNow = new ListModel({ status: 'pending', selectedQueueIds: [], user: admin.user! }).replay(socket);
    const openNow = new ListModel({ status: 'open', showAll: true, selectedQueueIds: [], user: admin.user! }).replay(socket);
    expect(pendingNow.has(t.id)).toBe(false);
    expect(openNow.has(t.id)).toBe(true);
  });

  it("returning from the header moves it back: gone from the open list, in the pending list", async () => {
    const t = await stage.customerWrites(uniquePhone(), 'Volto depois', 'Cliente Devolvido');
    const accepted = await admin.acceptFromList(t);
    expect(accepted.put.status).toBe(200);
    await socket.next<{ action: string; ticket: WireTicket }>(socket.channel('ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.status === 'open');
    const back = socket.next<{ action: string; ticket: WireTicket }>(socket.channel('ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.status === 'pending');
    const res = await admin.returnFromHeader(accepted.put.data);
    expect(res.status).toBe(200);
    await back;
    const pendingNow = new ListModel({ status: 'pending', selectedQueueIds: [], user: admin.user! }).replay(socket);
    const openNow = new ListModel({ status: 'open', showAll: true, selectedQueueIds: [], user: admin.user! }).replay(socket);
    expect(openNow.has(t.id)).toBe(false);
    expect(pendingNow.has(t.id)).toBe(true);
  });

  it('closing from the list removes it from the open list', async () => {
    const t = await stage.customerWrites(uniquePhone(), 'Pode encerrar', 'Cliente Encerrado');
    expect((await admin.acceptFromList(t)).put.status).toBe(200);
    await socket.next<{ action: string; ticket: WireTicket }>(socket.channel('ticket'), (p) => p.action === 'update' && p.ticket?.id === t.id && p.ticket.status === 'open');
    const gone = socket.next<{ action: string; ticketId: number }>(socket.channel('ticket'), (p) => p.action === 'delete' && p.ticketId === t.id);
    const res = await admin.closeFromList({ ...t, status: 'open' });
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('closed');
    await gone;
    const openNow = new ListModel({ status: 'open', showAll: true, selectedQueueIds: [], user: admin.user! }).replay(socket);
    expect(openNow.has(t.id)).toBe(false);
  });
});
