import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ListMessagesResponse, type MessageDto, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let n = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
const acceptedTicket = async (): Promise<TicketDto> => {
  const from = `55218${String(1_000_000 + ++n).padStart(8, '0')}`;
  await a.inbound(from, 'Oi');
  const t = (await a.pendingTickets()).find((x) => x.contact.number === from)!;
  return (await admin().put<TicketDto>(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id })).body;
};

describe('messages', () => {
  it('sends a reply through a job and moves its ack live to read; the customer receives it once', async () => {
    const t = await acceptedTicket();
    const socket = await connectSocket(app, a.adminToken);
    expect(await socket.emitWithAck('joinChatBox', t.uuid)).toBe(true);
    const sent = await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'Olá! Como posso ajudar?' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ fromMe: true, ack: 0, body: 'Olá! Como posso ajudar?' });
    const read = await nextEvent<{ action: string; message: MessageDto }>(
      socket,
      wireEvent(a.companyId, 'appMessage'),
      (p) => p.action === 'update' && p.message.id === sent.body.id && p.message.ack >= 4,
    );
    expect(read.message.ack).toBe(4);
    const outbox = await admin().get<{ body: string; ack: number }[]>(`/sandbox/connections/${a.whatsapp.id}/outbox?to=${t.contact.number}`);
    expect(outbox.body).toEqual([expect.objectContaining({ body: 'Olá! Como posso ajudar?', ack: 4 })]);
    const list = await admin().get<ListMessagesResponse>(`/messages/${t.id}`);
    expect(list.body.messages.at(-1)).toMatchObject({ id: sent.body.id, ack: 4 });
    expect(list.body.ticket).toMatchObject({ lastMessage: 'Olá! Como posso ajudar?', unreadMessages: 0 });
    socket.close();
  });

  it('quotes a message of the conversation', async () => {
    const t = await acceptedTicket();
    const [first] = (await admin().get<ListMessagesResponse>(`/messages/${t.id}`)).body.messages;
    const r = await admin().post<MessageDto>(`/messages/${t.id}`, { body: 'respondendo', quotedMsg: { id: first!.id } });
    expect(r.body.quotedMsg).toMatchObject({ id: first!.id, body: 'Oi', fromMe: false });
  });

  it('refuses empty text, replies on a ticket not accepted, and replies by someone else', async () => {
    const t = await acceptedTicket();
    expect((await admin().post(`/messages/${t.id}`, { body: '   ' })).status).toBe(400);
    const from = '5521999990000';
    await a.inbound(from, 'Oi');
    const pending = (await a.pendingTickets()).find((x) => x.contact.number === from)!;
    expect((await admin().post(`/messages/${pending.id}`, { body: 'cedo demais' })).body).toMatchObject({ error: 'ERR_INVALID_TRANSITION' });
    const { token } = await a.addUser({ allTicket: 'enabled' });
    expect((await api(app, token).post(`/messages/${t.id}`, { body: 'não é meu' })).status).toBe(403);
  });

  it('shows the earlier tickets of the contact above the current one', async () => {
    const t = await acceptedTicket();
    await admin().post(`/messages/${t.id}`, { body: 'até logo' });
    await admin().put(`/tickets/${t.id}`, { status: 'closed' });
    await a.inbound(t.contact.number, 'voltei');
    const next = (await a.pendingTickets()).find((x) => x.contact.number === t.contact.number)!;
    expect(next.id).not.toBe(t.id);
    const list = await admin().get<ListMessagesResponse>(`/messages/${next.id}`);
    expect(list.body.messages.map((m) => [m.ticketId, m.body])).toEqual([
      [t.id, 'Oi'],
      [t.id, 'até logo'],
      [next.id, 'voltei'],
    ]);
  });

  it('pages the history newest first across tickets, each page ascending, without gaps or repeats', async () => {
    const t = await acceptedTicket();
    // 24 older messages and 'Oi' on a ticket then closed, 18 on the live one: 43.
    await app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, created_at)
      select ${a.companyId}, ${t.id}, ${t.contact.id}, ${t.whatsappId}, 'PG' || ${t.id} || '_' || i, 'antiga ' || i, false, now() - interval '1 hour' + i * interval '1 second'
      from generate_series(1, 24) i`;
    await admin().put(`/tickets/${t.id}`, { status: 'closed' });
    await a.inbound(t.contact.number, 'nova 0');
    const next = (await a.pendingTickets()).find((x) => x.contact.number === t.contact.number)!;
    await app.owner`insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, body, from_me, created_at)
      select ${a.companyId}, ${next.id}, ${t.contact.id}, ${t.whatsappId}, 'PN' || ${next.id} || '_' || i, 'nova ' || i, false, now() + i * interval '1 second'
      from generate_series(1, 17) i`;
    const pages = [];
    for (const p of [1, 2, 3, 4]) pages.push((await admin().get<ListMessagesResponse>(`/messages/${next.id}?pageNumber=${p}`)).body);
    expect(pages.map((p) => [p.messages.length, p.hasMore, p.count])).toEqual([
      [20, true, 43],
      [20, true, 43],
      [3, false, 43],
      [0, false, 43],
    ]);
    const bodies = [...pages[2]!.messages, ...pages[1]!.messages, ...pages[0]!.messages].map((m) => m.body);
    expect(bodies).toEqual([...Array.from({ length: 24 }, (_, i) => `antiga ${i + 1}`), 'Oi', 'nova 0', ...Array.from({ length: 17 }, (_, i) => `nova ${i + 1}`)]);
    // The newest page spans both tickets: both markers' times come with it.
    expect(pages[0]!.tickets).toEqual([
      { id: t.id, createdAt: expect.any(String), closedAt: expect.any(String) },
      { id: next.id, createdAt: expect.any(String), closedAt: null },
    ]);
    expect(pages[2]!.tickets?.map((x) => x.id)).toEqual([t.id]);
  });

  it('reading a conversation writes nothing; marking it read clears the unread count and tells the lists', async () => {
    const t = await acceptedTicket();
    await a.inbound(t.contact.number, 'mais uma');
    await a.inbound(t.contact.number, 'e outra');
    const socket = await connectSocket(app, a.adminToken);
    const cleared = nextEvent<{ ticket: TicketDto }>(socket, wireEvent(a.companyId, 'ticket'), (p) => p.ticket?.id === t.id && p.ticket.unreadMessages === 0);
    expect((await admin().get<TicketDto>(`/tickets/${t.id}`)).body.unreadMessages).toBe(2);
    const [before] = await app.owner`select updated_at from tickets where id = ${t.id}`;
    const read = await admin().get<ListMessagesResponse>(`/messages/${t.id}`);
    expect(read.body.ticket?.unreadMessages).toBe(2);
    expect(await app.owner`select updated_at, unread_messages from tickets where id = ${t.id}`).toEqual([{ ...before, unread_messages: 2 }]);

    const marked = await admin().post<TicketDto>(`/tickets/${t.id}/read`);
    expect(marked.status).toBe(200);
    expect(marked.body.unreadMessages).toBe(0);
    expect((await cleared).ticket.unreadMessages).toBe(0);
    socket.close();
  });
});
