import { expect } from 'vitest';
import { multipart } from '../../../test/helpers/form-parts';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, itself, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the contact-lists module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ A, B, notFound, listed, lists, aListsUnchanged }) => {
  const sheetUpload = (url: string): RawRequest => {
    const form = multipart([{ name: 'file', value: Buffer.from(`nome;numero\nPlanilha B;${A.phone}\n`), filename: 'b.csv' }]);
    return { method: 'POST', url, raw: form.payload.toString('latin1'), contentType: form.contentType };
  };
  return {
    'GET /contact-lists': [
      { name: 'lists B only', req: async () => (await lists(), get('/contact-lists?searchParam=Lista')), expect: async (r) => {
        const f = await lists();
        listed((b) => b.records, () => [f.aList], () => f.bList)(r);
      } },
    ],
    'GET /contact-lists/list': [{ name: 'lists B only', req: async () => (await lists(), get(`/contact-lists/list?companyId=${A.c.companyId}`)), expect: async (r) => {
        const f = await lists();
        listed(itself, () => [f.aList], () => f.bList)(r);
      } }],
    'GET /contact-lists/example.xlsx': [{ name: 'a sheet of no company', req: () => get('/contact-lists/example.xlsx'), expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.text).not.toContain(A.marker);
      } }],
    'GET /contact-lists/:id': [{ name: "A's list", req: async () => get(`/contact-lists/${(await lists()).aList}`), expect: notFound('ERR_NOT_FOUND') }],
    'POST /contact-lists': [{ name: "B's own list", req: () => ({ method: 'POST', url: '/contact-lists', body: { name: 'Outra lista B' } }), expect: async (r) => {
        expect(r.status).toBe(200);
        expect(r.body.companyId).toBe(B.c.companyId);
      } }],
    'PUT /contact-lists/:id': [{ name: "A's list", req: async () => ({ method: 'PUT', url: `/contact-lists/${(await lists()).aList}`, body: { name: 'Tomada' } }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
    'DELETE /contact-lists/:id': [{ name: "A's list", req: async () => ({ method: 'DELETE', url: `/contact-lists/${(await lists()).aList}` }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
    'POST /contact-lists/:id/upload': [{ name: "A's list", req: async () => sheetUpload(`/contact-lists/${(await lists()).aList}/upload`), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
    'GET /contact-list-items': [{ name: "A's list", req: async () => get(`/contact-list-items?contactListId=${(await lists()).aList}`), expect: notFound('ERR_NOT_FOUND') }],
    'GET /contact-list-items/:id': [{ name: "A's item", req: async () => get(`/contact-list-items/${(await lists()).aItem}`), expect: notFound('ERR_NOT_FOUND') }],
    'POST /contact-list-items': [
      { name: "into A's list", req: async () => ({ method: 'POST', url: '/contact-list-items', body: { name: 'Intruso', number: '5511987650001', contactListId: (await lists()).aList } }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) },
    ],
    'PUT /contact-list-items/:id': [
      { name: "A's item", req: async () => ({ method: 'PUT', url: `/contact-list-items/${(await lists()).aItem}`, body: { name: 'Tomado', number: '5511987650002' } }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) },
    ],
    'DELETE /contact-list-items/:id': [{ name: "A's item", req: async () => ({ method: 'DELETE', url: `/contact-list-items/${(await lists()).aItem}` }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
  };
};
