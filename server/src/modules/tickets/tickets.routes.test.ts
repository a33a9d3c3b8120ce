import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListTicketsResponse, wireEvent, type TicketDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { recordEvents } from '../../../test/helpers/sockets';

let app: TestApp;
let a: TestCompany;
let n = 0;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

const admin = () => api(app, a.adminToken);
/** A new customer writes; returns their pending ticket. */
const newTicket = async (body = 'Oi'): Promise<TicketDto> => {
  const from = `55119${String(1_000_000 + ++n).padStart(8, '0')}`;
  await a.inbound(from, body);
  return (await a.pendingTickets()).find((t) => t.contact.number === from)!;
};

describe('ticket transitions', () => {
  it('accepts, returns, transfers and closes through PUT /tickets/:id', async () => {
    const t = await newTicket();
    const q = await a.addQueue();
    const accepted = await admin().put<TicketDto>(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id });
    expect(accepted.body).toMatchObject({ status: 'open', userId: a.admin.id, user: { id: a.admin.id } });
    expect(accepted.body.acceptedAt).not.toBeNull();
    const returned = await admin().put<TicketDto>(`/tickets/${t.id}`, { status: 'pending', userId: null });
    expect(returned.body).toMatchObject({ status: 'pending', userId: null });
    const transferred = await admin().put<TicketDto>(`/tickets/${t.id}`, { queueId: q.id });
    expect(transferred.body).toMatchObject({ status: 'pending', queueId: q.id, userId: null, queue: { id: q.id } });
    const toUser = await admin().put<TicketDto>(`/tickets/${t.id}`, { queueId: q.id, userId: a.admin.id, status: 'open' });
    expect(toUser.body).toMatchObject({ status: 'open', userId: a.admin.id });
    const closed = await admin().put<TicketDto>(`/tickets/${t.id}`, { status: 'closed' });
    expect(closed.body).toMatchObject({ status: 'closed', queueId: q.id, userId: a.admin.id });
    expect(closed.body.closedAt).not.toBeNull();
  });

  it('refuses transitions the status machine does not allow', async () => {
    const t = await newTicket();
    const r = await admin().put(`/tickets/${t.id}`, { status: 'pending', userId: null });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'ERR_INVALID_TRANSITION' });
  });

  it('reopens a closed ticket only when the contact has no other live ticket, naming the holder', async () => {
    const t = await newTicket();
    await admin().put(`/tickets/${t.id}`, { status: 'closed' });
    await a.inbound(t.contact.number, 'voltei');
    const live = (await a.pendingTickets()).find((x) => x.contact.number === t.contact.number)!;
    await admin().put(`/tickets/${live.id}`, { status: 'open', userId: a.admin.id });
    const r = await admin().put(`/tickets/${t.id}`, { status: 'open' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: live.id, user: { id: a.admin.id } } });
    await admin().put(`/tickets/${live.id}`, { status: 'closed' });
    expect((await admin().put<TicketDto>(`/tickets/${t.id}`, { status: 'open' })).body).toMatchObject({ status: 'open', userId: a.admin.id, closedAt: null });
  });

  it('creates a ticket for a contact, once', async () => {
    const contact = await admin().post<{ id: number }>('/contacts', { name: 'Cliente Novo', number: '5511912340000' });
    const created = await admin().post<TicketDto>('/tickets', { contactId: contact.body.id, status: 'open' });
    expect(created.body).toMatchObject({ status: 'open', userId: a.admin.id, whatsappId: a.whatsapp.id });
    const again = await admin().post('/tickets', { contactId: contact.body.id, status: 'open' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', details: { ticketId: created.body.id } });
    // The new-ticket dialog names the holder and the queue, and opens the ticket by its uuid when it is mine.
    const q = await a.addQueue('Cobrança');
    await admin().put(`/tickets/${created.body.id}`, { queueId: q.id, userId: a.admin.id });
    const held = await admin().post<{ details: unknown }>('/tickets', { contactId: contact.body.id, status: 'open', queueId: q.id });
    expect(held.body.details).toMatchObject({ uuid: created.body.uuid, user: { id: a.admin.id, name: 'Admin' }, queue: { id: q.id, name: 'Cobrança' } });
  });

  it('requires a queue from non-admins creating tickets', async () => {
    const q = await a.addQueue();
    const { token } = await a.addUser({ queueIds: [q.id] });
    const contact = await admin().post<{ id: number }>('/contacts', { name: 'Sem Fila', number: '5511912340001' });
    const r = await api(app, token).post('/tickets', { contactId: contact.body.id, status: 'open' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'ERR_QUEUE_REQUIRED', message: 'Selecione uma fila' });
  });

  it('lets only admins close all and delete', async () => {
    const q = await a.addQueue();
    const { token } = await a.addUser({ queueIds: [q.id] });
    const t = await newTicket();
    await admin().put(`/tickets/${t.id}`, { queueId: q.id });
    expect((await api(app, token).post('/tickets/closeAll', { status: 'pending', selectedQueueIds: [q.id] })).status).toBe(403);
    expect((await api(app, token).del(`/tickets/${t.id}`)).status).toBe(403);
    const r = await admin().post<{ closed: number }>('/tickets/closeAll', { status: 'pending', selectedQueueIds: [q.id] });
    expect(r.body.closed).toBe(1);
    expect((await admin().get<TicketDto>(`/tickets/${t.id}`)).body.status).toBe('closed');
    expect((await admin().del(`/tickets/${t.id}`)).status).toBe(200);
    expect((await admin().get(`/tickets/${t.id}`)).status).toBe(404);
    const rows = await app.owner`select id from messages where ticket_id = ${t.id}`;
    expect(rows).toHaveLength(0);
  });

  it('greets on accept when sendGreetingAccepted is enabled', async () => {
    await app.owner`update settings set value = 'enabled' where company_id = ${a.companyId} and key = 'sendGreetingAccepted'`;
    const t = await newTicket();
    await admin().put(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id });
    const rows = await app.owner`select body, automated, from_me from messages where ticket_id = ${t.id} and from_me`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toMatch(/^(Bom dia|Boa tarde|Boa noite) \*.+\*, meu nome é \*Admin\* e agora vou prosseguir com seu atendimento!$/);
    expect(rows[0]!.automated).toBe(true);
    await app.owner`update settings set value = 'disabled' where company_id = ${a.companyId} and key = 'sendGreetingAccepted'`;
  });

  it('tells the customer of a transfer when sendMsgTransfTicket is enabled: queue, agent, or both', async () => {
    const q1 = await a.addQueue('Vendas');
    const q2 = await a.addQueue('Suporte');
    const { user } = await a.addUser({ queueIds: [q1.id, q2.id] });
    const notices = async (ticketId: number) =>
      (await app.owner`select body, automated from messages where ticket_id = ${ticketId} and from_me order by id`).map((r) => [r.body as string, r.automated as boolean]);
    const t = await newTicket();
    await admin().put(`/tickets/${t.id}`, { queueId: q1.id });
    // Disabled (the default): a transfer is silent.
    expect(await notices(t.id)).toEqual([]);
    await app.owner`update settings set value = 'enabled' where company_id = ${a.companyId} and key = 'sendMsgTransfTicket'`;
    try {
      await admin().put(`/tickets/${t.id}`, { queueId: q2.id });
      await admin().put(`/tickets/${t.id}`, { queueId: q2.id, userId: user.id });
      await admin().put(`/tickets/${t.id}`, { queueId: q1.id, userId: a.admin.id });
      // The same queue and agent again: nothing moved, nothing said.
      await admin().put(`/tickets/${t.id}`, { queueId: q1.id, userId: a.admin.id });
      expect(await notices(t.id)).toEqual([
        ['*Mensagem automática*:\nVocê foi transferido para o departamento *Suporte*\naguarde, já vamos te atender!', true],
        [`*Mensagem automática*:\nVocê foi transferido para o atendente *${user.name}*\naguarde, já vamos te atender!`, true],
        ['*Mensagem automática*:\nVocê foi transferido para o departamento *Vendas* e contará com a presença de *Admin*\naguarde, já vamos te atender!', true],
      ]);
    } finally {
      await app.owner`update settings set value = 'disabled' where company_id = ${a.companyId} and key = 'sendMsgTransfTicket'`;
    }
  });

  it('accepting with a greeting, and closing with a completion message, each tell the lists once', async () => {
    await app.owner`update settings set value = 'enabled' where company_id = ${a.companyId} and key = 'sendGreetingAccepted'`;
    await app.owner`update whatsapps set complation_message = 'Até logo!' where id = ${a.whatsapp.id}`;
    const socket = await connectSocket(app, a.adminToken);
    try {
      const seen = recordEvents(socket);
      const ticketEvent = wireEvent(a.companyId, 'ticket');
      const updatesOf = (id: number) => seen.filter((r) => r.event === ticketEvent && (r.payload as { ticket?: TicketDto }).ticket?.id === id).map((r) => r.payload as { action: string; ticket: TicketDto });
      /** Events reach a socket in order: once a later ticket's creation arrives, the earlier ones have. */
      const settled = async () => {
        const from = `55119${String(1_000_000 + ++n).padStart(8, '0')}`;
        const created = nextEvent<{ action: string; ticket: TicketDto }>(socket, ticketEvent, (p) => p.ticket?.contact.number === from);
        await a.inbound(from, 'controle');
        await created;
      };
      const t = await newTicket();
      await settled();
      const before = updatesOf(t.id).length;

      expect((await admin().put(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id })).status).toBe(200);
      await settled();
      const accepted = updatesOf(t.id).slice(before);
      expect(accepted.map((p) => [p.action, p.ticket.status])).toEqual([['update', 'open']]);
      expect(accepted[0]!.ticket.lastMessage).toMatch(/meu nome é \*Admin\*/);

      expect((await admin().put(`/tickets/${t.id}`, { status: 'closed' })).status).toBe(200);
      await settled();
      const closed = updatesOf(t.id).slice(before + 1);
      expect(closed.map((p) => [p.action, p.ticket.status, p.ticket.lastMessage])).toEqual([['update', 'closed', 'Até logo!']]);
    } finally {
      socket.close();
      await app.owner`update settings set value = 'disabled' where company_id = ${a.companyId} and key = 'sendGreetingAccepted'`;
      await app.owner`update whatsapps set complation_message = '' where id = ${a.whatsapp.id}`;
    }
  });

  it("greets in the company's language (its language setting)", async () => {
    await app.owner`update settings set value = 'enabled' where company_id = ${a.companyId} and key = 'sendGreetingAccepted'`;
    await app.owner`insert into settings (company_id, key, value) values (${a.companyId}, 'language', 'en')`;
    try {
      const t = await newTicket();
      await admin().put(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id });
      const rows = await app.owner`select body from messages where ticket_id = ${t.id} and from_me`;
      expect(rows.map((r) => r.body)).toEqual([expect.stringMatching(/^Good (morning|afternoon|evening) \*.+\*, my name is \*Admin\* and I will take it from here!$/)]);
    } finally {
      await app.owner`delete from settings where company_id = ${a.companyId} and key = 'language'`;
      await app.owner`update settings set value = 'disabled' where company_id = ${a.companyId} and key = 'sendGreetingAccepted'`;
    }
  });

  it('lists by status with counts, search and pages', async () => {
    const t = await newTicket('procure-me');
    const all = await admin().get<{ tickets: TicketDto[]; count: number; hasMore: boolean }>('/tickets?status=pending&showAll=true');
    expect(all.body.tickets.map((x) => x.id)).toContain(t.id);
    expect(all.body.count).toBeGreaterThanOrEqual(all.body.tickets.length);
    const found = await admin().get<{ tickets: TicketDto[] }>(`/tickets?searchParam=${t.contact.number.slice(-6)}&showAll=true`);
    expect(found.body.tickets.map((x) => x.id)).toEqual([t.id]);
    expect((await admin().get<{ tickets: TicketDto[] }>('/tickets?status=closed&pageNumber=999')).body.tickets).toEqual([]);
  });

  it("sends the database's JSON exactly as the response schema has it: every field valid, none more", async () => {
    // A ticket with every part filled in: queue, agent, accepted, ticket and contact tags.
    const t = await newTicket('completo');
    const q = await a.addQueue();
    await admin().put(`/tickets/${t.id}`, { queueId: q.id, userId: a.admin.id, status: 'open' });
    const tag = (await admin().post<{ id: number }>('/tags', { name: `Completo ${t.id}`, color: '#123456' })).body;
    await admin().put(`/ticket-tags/${t.id}/${tag.id}`);
    await admin().put(`/contacts/${t.contactId}/tags`, { tagIds: [tag.id] });
    for (const url of ['/tickets?status=open&showAll=true', '/tickets?showAll=true', `/tickets?searchParam=${t.contact.number.slice(-8)}&showAll=true`, '/tickets?status=closed&pageNumber=999']) {
      const r = await admin().get<unknown>(url);
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      // parse() drops unknown keys and fails on a wrong type: equal means nothing more, nothing wrong.
      expect(r.body).toEqual(ListTicketsResponse.parse(r.body));
    }
    const listed = (await admin().get<ListTicketsResponse>('/tickets?status=open&showAll=true')).body.tickets.find((x) => x.id === t.id)!;
    expect(listed).toMatchObject({ queue: { id: q.id }, user: { id: a.admin.id }, tags: [{ id: tag.id }], contact: { tags: [{ id: tag.id }] } });
    // Times as toISOString writes them, and the same instants GET /tickets/:id (serialised by Node) gives.
    const shown = (await admin().get<TicketDto>(`/tickets/${t.id}`)).body;
    for (const k of ['createdAt', 'updatedAt', 'queuedAt', 'acceptedAt'] as const) {
      expect(listed[k]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(listed[k]).toBe(shown[k]);
    }
    expect(listed.closedAt).toBeNull();
  });
});
