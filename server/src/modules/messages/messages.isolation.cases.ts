import { expect } from 'vitest';
import { type TicketDto } from '@balcao/shared';
import { api } from '../../../test/helpers/world';
import { freshContact } from '../../../test/helpers/tenants';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the messages module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, aTicketUnchanged, aMessageCount }) => {
  /** A's message as it was: same body, not edited, deleted or reacted to. */
  const aMessageUnchanged = async () => {
    const [m] = await app.owner`select is_edited, is_deleted, reactions from messages where id = ${A.messageId}`;
    expect(m).toEqual({ is_edited: false, is_deleted: false, reactions: [] });
  };
  const bOpenTicket = async (): Promise<TicketDto> =>
    (await api(app, B.c.adminToken).post<TicketDto>('/tickets', { contactId: await freshContact(app, B.c), status: 'open' })).body;
  return {
    'GET /messages/:ticketId': [{ name: "A's ticket", req: () => get(`/messages/${A.ticket.id}`), expect: notFound('ERR_NO_TICKET_FOUND') }],
    'POST /tickets/:ticketId/read': [
      { name: "A's ticket", req: () => ({ method: 'POST', url: `/tickets/${A.ticket.id}/read` }), expect: notFound('ERR_NO_TICKET_FOUND', aTicketUnchanged) },
    ],
    'GET /messages/:id/media': [
      {
        name: "A's message with a stored file (holding A's marker)",
        req: async () => {
          const name = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'image/png' });
          await app.owner`update messages set media_url = ${name}, media_type = 'image' where id = ${A.messageId}`;
          return get(`/messages/${A.messageId}/media`);
        },
        expect: notFound('ERR_NO_MESSAGE_FOUND'),
      },
    ],
    'POST /messages/:ticketId': [
      {
        name: "A's ticket",
        req: () => ({ method: 'POST', url: `/messages/${A.ticket.id}`, body: { body: 'intruso' } }),
        expect: notFound('ERR_NO_TICKET_FOUND', async () => expect(await aMessageCount()).toBe(1)),
      },
      {
        name: "a template to A's ticket",
        req: () => ({ method: 'POST', url: `/messages/${A.ticket.id}`, body: { template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['Maria'] } } }),
        expect: notFound('ERR_NO_TICKET_FOUND', async () => expect(await aMessageCount()).toBe(1)),
      },
      {
        name: "quoting A's message",
        req: async () => ({ method: 'POST', url: `/messages/${(await bOpenTicket()).id}`, body: { body: 'citação', quotedMsg: A.messageId } }),
        expect: notFound('ERR_NO_MESSAGE_FOUND'),
      },
      {
        name: "a file to A's ticket",
        req: () => ({
          method: 'POST',
          url: `/messages/${A.ticket.id}`,
          raw: '--B\r\nContent-Disposition: form-data; name="medias"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--B--\r\n',
          contentType: 'multipart/form-data; boundary=B',
        }),
        expect: notFound('ERR_NO_TICKET_FOUND', async () => expect(await aMessageCount()).toBe(1)),
      },
    ],
    'POST /messages/edit/:messageId': [
      {
        name: "A's message",
        req: () => ({ method: 'POST', url: `/messages/edit/${A.messageId}`, body: { body: 'editado' } }),
        expect: notFound('ERR_NO_MESSAGE_FOUND', aMessageUnchanged),
      },
    ],
    'DELETE /messages/:id': [{ name: "A's message", req: () => ({ method: 'DELETE', url: `/messages/${A.messageId}` }), expect: notFound('ERR_NO_MESSAGE_FOUND', aMessageUnchanged) }],
    'POST /messages/:id/reactions': [
      { name: "A's message", req: () => ({ method: 'POST', url: `/messages/${A.messageId}/reactions`, body: { type: '👍' } }), expect: notFound('ERR_NO_MESSAGE_FOUND', aMessageUnchanged) },
    ],
    'POST /message/forward': [
      {
        name: "A's message to B's contact",
        req: () => ({ method: 'POST', url: '/message/forward', body: { messageId: A.messageId, contactId: B.contactId } }),
        expect: notFound('ERR_NO_MESSAGE_FOUND'),
      },
      {
        name: "B's message to A's contact",
        req: async () => {
          const t = await bOpenTicket();
          const m = await api(app, B.c.adminToken).post<{ id: number }>(`/messages/${t.id}`, { body: 'para encaminhar' });
          return { method: 'POST', url: '/message/forward', body: { messageId: m.body.id, contactId: A.contactId } };
        },
        expect: notFound('ERR_NO_CONTACT_FOUND', async () => expect(await aMessageCount()).toBe(1)),
      },
    ],
  };
};
