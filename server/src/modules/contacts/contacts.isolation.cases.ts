import { expect } from 'vitest';
import { multipart } from '../../../test/helpers/form-parts';
import { get, contacts, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the contacts module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ A, B, notFound, listed, emptyList, aContactUnchanged }) => ({
  'GET /contacts': [
    { name: 'lists B only', req: () => get('/contacts'), expect: listed(contacts, () => [A.contactId, A.contactId2], () => B.contactId) },
    { name: "searching A's name", req: () => get(`/contacts?searchParam=${A.marker}`), expect: emptyList(contacts) },
    { name: "searching A's phone", req: () => get(`/contacts?searchParam=${A.phone}`), expect: emptyList(contacts) },
  ],
  'GET /contacts/:id': [
    { name: "A's contact", req: () => get(`/contacts/${A.contactId}`), expect: notFound('ERR_NO_CONTACT_FOUND') },
    { name: "A's other contact", req: () => get(`/contacts/${A.contactId2}`), expect: notFound('ERR_NO_CONTACT_FOUND') },
  ],
  'POST /contacts': [
    {
      name: "A's phone is free in B and A's contact is not revealed",
      req: () => ({ method: 'POST', url: '/contacts', body: { name: 'Mesmo Número', number: A.phone } }),
      expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.body.id).not.toBe(A.contactId);
        expect(r.text).not.toContain(A.marker);
      },
    },
  ],
  'GET /contacts/list': [
    {
      name: "with A's companyId: B's list",
      req: () => get(`/contacts/list?companyId=${A.c.companyId}`),
      // B may hold its own contact with A's phone (the POST row): only A's records must be absent.
      expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
        const ids = (r.body as unknown as { id: number }[]).map((c) => c.id);
        expect(ids.filter((id) => [A.contactId, A.contactId2].includes(id))).toEqual([]);
        expect(ids).toContain(B.contactId);
      },
    },
  ],
  'PUT /contacts/:id': [
    {
      name: "A's contact",
      req: () => ({ method: 'PUT', url: `/contacts/${A.contactId}`, body: { name: 'Tomado', extraInfo: [{ name: 'x', value: 'y' }] } }),
      expect: notFound('ERR_NO_CONTACT_FOUND', aContactUnchanged),
    },
  ],
  'DELETE /contacts/:id': [{ name: "A's contact", req: () => ({ method: 'DELETE', url: `/contacts/${A.contactId}` }), expect: notFound('ERR_NO_CONTACT_FOUND', aContactUnchanged) }],
  'POST /contacts/upload': [
    {
      name: "a sheet with A's phone creates B's own contact, A's untouched",
      req: () => {
        const form = multipart([{ name: 'file', value: Buffer.from(`nome;numero\nPlanilha B;${A.phone}\n`), filename: 'b.csv' }]);
        return { method: 'POST', url: '/contacts/upload', raw: form.payload.toString('latin1'), contentType: form.contentType };
      },
      expect: async (r) => {
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
        await aContactUnchanged();
      },
    },
  ],
});
