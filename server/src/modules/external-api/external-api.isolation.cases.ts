import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import type { IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the external-api module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

/**
 * Its rows run after the other modules' rows of their shard: the send gives B a contact and a
 * ticket with A's customer's phone (as it should), which list rows such as GET /tickets and
 * GET /ticket/reports check B's answers never show.
 */
export const isolationRunsLast = true;

export const isolationCases: IsolationCases = ({ app, A, B, answered, aTicketUnchanged, aMessageCount }) => {
  /** A's message count just before an external API row ran. */
  let apiSendBefore = 0;
  return {
    'POST /api/messages/send': [
      {
        name: "B's connection token to A's customer's number: B's own contact and ticket; A's contact, ticket and messages untouched",
        req: async () => {
          const token = (await api(app, B.c.adminToken).post<{ token: string }>(`/whatsapp/${B.c.whatsapp.id}/token`)).body.token;
          apiSendBefore = await aMessageCount();
          return { method: 'POST', url: '/api/messages/send', body: { number: A.phone, body: `de B ${A.marker.length}` }, headers: { authorization: `Bearer ${token}` } };
        },
        expect: async (r) => {
          expect(r.status, r.text).toBe(200);
          const [contact] = await app.owner`select company_id from contacts where id = ${r.body.contactId as number}`;
          const [ticket] = await app.owner`select company_id from tickets where id = ${r.body.ticketId as number}`;
          expect([contact!.company_id, ticket!.company_id]).toEqual([B.c.companyId, B.c.companyId]);
          expect(r.body.contactId).not.toBe(A.contactId);
          await aTicketUnchanged();
          expect(await aMessageCount()).toBe(apiSendBefore);
        },
      },
      {
        name: "B's session token (not a connection token) is refused; nothing of A's changes",
        req: async () => ((apiSendBefore = await aMessageCount()), { method: 'POST', url: '/api/messages/send', body: { number: A.phone, body: 'sessão de B' } }),
        expect: answered(401, 'ERR_INVALID_API_TOKEN', async () => {
          await aTicketUnchanged();
          expect(await aMessageCount()).toBe(apiSendBefore);
        }),
      },
    ],
  };
};
