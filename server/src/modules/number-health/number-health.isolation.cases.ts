import { expect } from 'vitest';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the number-health module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, notFound, aContactUnchanged }) => {
  const noOptOutsInA = async () => {
    await aContactUnchanged();
    expect(await app.owner`select number from opt_outs where company_id = ${A.c.companyId}`).toEqual([]);
  };
  return {
    'GET /contacts/:id/opt-out': [{ name: "A's contact", req: () => get(`/contacts/${A.contactId}/opt-out`), expect: notFound('ERR_NO_CONTACT_FOUND') }],
    'PUT /contacts/:id/opt-out': [{ name: "A's contact", req: () => ({ method: 'PUT', url: `/contacts/${A.contactId}/opt-out` }), expect: notFound('ERR_NO_CONTACT_FOUND', noOptOutsInA) }],
    'DELETE /contacts/:id/opt-out': [{ name: "A's contact", req: () => ({ method: 'DELETE', url: `/contacts/${A.contactId}/opt-out` }), expect: notFound('ERR_NO_CONTACT_FOUND', noOptOutsInA) }],
    'GET /whatsapp/:id/health': [{ name: "A's connection", req: () => get(`/whatsapp/${A.c.whatsapp.id}/health`), expect: notFound('ERR_NO_WAPP_FOUND') }],
  };
};
