import { freshContact } from '../../../test/helpers/tenants';
import { get, tickets, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the tickets module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, emptyList, aTicketUnchanged, lanes }) => {
  /** A tag of A's, on A's ticket, made once on first use. */
  let aTagId: Promise<number> | undefined;
  const aTag = () =>
    (aTagId ??= (async () => {
      const [t] = await app.owner`insert into tags (company_id, name) values (${A.c.companyId}, ${`Filtro ${A.marker}`}) returning id`;
      await app.owner`insert into ticket_tags (company_id, ticket_id, tag_id) values (${A.c.companyId}, ${A.ticket.id}, ${t!.id})`;
      return t!.id as number;
    })());
  return {
    'GET /tickets': [
      { name: 'showAll lists B only', req: () => get('/tickets?showAll=true&status=pending'), expect: listed(tickets, () => [A.ticket.id], () => B.ticket.id) },
      { name: "filtered by A's queue", req: () => get(`/tickets?showAll=true&queueIds=${A.queueId}`), expect: emptyList(tickets) },
      { name: "filtered by A's user", req: () => get(`/tickets?showAll=true&users=${A.user.id}`), expect: emptyList(tickets) },
      { name: "searching A's contact", req: () => get(`/tickets?showAll=true&searchParam=${A.marker}`), expect: emptyList(tickets) },
      { name: "searching words of A's message", req: () => get(`/tickets?showAll=true&searchParam=${encodeURIComponent(`Olá da ${A.marker}`)}`), expect: emptyList(tickets) },
      { name: "searching digits of A's number", req: () => get(`/tickets?showAll=true&searchParam=${A.phone.slice(-8)}`), expect: emptyList(tickets) },
      { name: "filtered by A's tag (on A's ticket)", req: async () => get(`/tickets?showAll=true&tags=[${await aTag()}]`), expect: emptyList(tickets) },
      { name: 'changed since a date lists B only', req: () => get('/tickets?showAll=true&updatedAt=2000-01-01T00:00:00Z'), expect: listed(tickets, () => [A.ticket.id], () => B.ticket.id) },
    ],
    'GET /tickets/u/:uuid': [{ name: "A's uuid", req: () => get(`/tickets/u/${A.ticket.uuid}`), expect: notFound('ERR_NO_TICKET_FOUND') }],
    'GET /tickets/:id': [{ name: "A's ticket", req: () => get(`/tickets/${A.ticket.id}`), expect: notFound('ERR_NO_TICKET_FOUND') }],
    'POST /tickets': [
      { name: "A's contact", req: () => ({ method: 'POST', url: '/tickets', body: { contactId: A.contactId, status: 'open' } }), expect: notFound('ERR_NO_CONTACT_FOUND') },
      {
        name: "A's queue",
        req: async () => ({ method: 'POST', url: '/tickets', body: { contactId: await freshContact(app, B.c), queueId: A.queueId } }),
        expect: notFound('ERR_NO_QUEUE_FOUND'),
      },
      {
        name: "A's connection",
        req: async () => ({ method: 'POST', url: '/tickets', body: { contactId: await freshContact(app, B.c), whatsappId: A.c.whatsapp.id } }),
        expect: notFound('ERR_NO_WAPP_FOUND'),
      },
      {
        name: "A's user as the agent",
        req: async () => ({ method: 'POST', url: '/tickets', body: { contactId: await freshContact(app, B.c), status: 'open', userId: A.user.id } }),
        expect: notFound('ERR_NO_USER_FOUND'),
      },
    ],
    'POST /tickets/closeAll': [
      {
        name: "A's queue is not found, and nothing of A closes",
        req: () => ({ method: 'POST', url: '/tickets/closeAll', body: { status: 'pending', selectedQueueIds: [A.queueId] } }),
        expect: notFound('ERR_NO_QUEUE_FOUND', aTicketUnchanged),
      },
    ],
    'PUT /tickets/:id': [
      { name: "A's ticket", req: () => ({ method: 'PUT', url: `/tickets/${A.ticket.id}`, body: { status: 'open' } }), expect: notFound('ERR_NO_TICKET_FOUND', aTicketUnchanged) },
      { name: "transfer to A's queue", req: () => ({ method: 'PUT', url: `/tickets/${B.ticket.id}`, body: { queueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND') },
      {
        name: "transfer to A's user",
        req: () => ({ method: 'PUT', url: `/tickets/${B.ticket.id}`, body: { queueId: B.queueId, userId: A.user.id } }),
        expect: notFound('ERR_NO_USER_FOUND'),
      },
      {
        name: "transfer to A's connection",
        req: () => ({ method: 'PUT', url: `/tickets/${B.ticket.id}`, body: { queueId: B.queueId, whatsappId: A.c.whatsapp.id } }),
        expect: notFound('ERR_NO_WAPP_FOUND'),
      },
    ],
    'DELETE /tickets/:id': [{ name: "A's ticket", req: () => ({ method: 'DELETE', url: `/tickets/${A.ticket.id}` }), expect: notFound('ERR_NO_TICKET_FOUND', aTicketUnchanged) }],
    'GET /ticket/kanban': [
      { name: "lists B's tickets only, whatever queueIds", req: async () => (await lanes(), get(`/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([A.queueId]))}`)), expect: emptyList((b) => b.tickets) },
      { name: "B's board", req: async () => (await lanes(), get('/ticket/kanban')), expect: listed((b) => b.tickets, () => [A.ticket.id], () => B.ticket.id) },
    ],
  };
};
