import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, itself, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the quick-messages module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, emptyList }) => {
  /** A's general quick message (with a stored file) and B's own, made once on first use. */
  let quick: Promise<{ a: number; b: number }> | undefined;
  const quickMessages = () =>
    (quick ??= (async () => {
      const made = await api(app, A.c.adminToken).post<{ id: number }>('/quick-messages', { shortcode: `atalho${A.marker}`, message: `Texto ${A.marker}`, geral: true });
      const name = await app.media.save(A.c.companyId, Buffer.from(A.marker), { mimetype: 'text/plain', fileName: 'a.txt' });
      await app.owner`update quick_messages set media_path = ${name}, media_name = ${`${A.marker}.txt`} where id = ${made.body.id}`;
      const own = await api(app, B.c.adminToken).post<{ id: number }>('/quick-messages', { shortcode: 'atalhoB', geral: true });
      quickIds = { a: made.body.id, b: own.body.id };
      return quickIds;
    })());
  let quickIds: { a: number; b: number } | undefined;
  const aQuickUnchanged = async () => {
    const [q] = await app.owner`select shortcode, media_name from quick_messages where id = ${(await quickMessages()).a}`;
    expect(q).toEqual({ shortcode: `atalho${A.marker}`, media_name: `${A.marker}.txt` });
  };
  const aQuick = async () => (await quickMessages()).a;
  const onAQuick = (method: RawRequest['method'], suffix = '', body?: unknown) => async (): Promise<RawRequest> => ({ method, url: `/quick-messages/${await aQuick()}${suffix}`, body });
  return {
    'GET /quick-messages/list': [
      {
        name: "lists B's only, whatever companyId it is given",
        req: async () => (await quickMessages(), get(`/quick-messages/list?companyId=${A.c.companyId}&userId=${A.c.admin.id}`)),
        expect: listed(itself, () => [quickIds!.a], () => quickIds!.b),
      },
    ],
    'GET /quick-messages': [
      { name: 'lists B only', req: async () => (await quickMessages(), get('/quick-messages')), expect: listed((b) => b.records, () => [quickIds!.a], () => quickIds!.b) },
      { name: "searching A's shortcode", req: async () => (await quickMessages(), get(`/quick-messages?searchParam=${A.marker}`)), expect: emptyList((b) => b.records) },
    ],
    'POST /quick-messages': [
      {
        name: "A's shortcode is free in B, and A's record stays as it was",
        req: async () => (await quickMessages(), { method: 'POST', url: '/quick-messages', body: { shortcode: `atalho${A.marker}` } }),
        expect: async (r) => {
          expect(r.status).toBe(200);
          expect(r.body.id).not.toBe(await aQuick());
          await aQuickUnchanged();
        },
      },
    ],
    'GET /quick-messages/:id': [{ name: "A's quick message", req: onAQuick('GET'), expect: notFound('ERR_NOT_FOUND') }],
    'PUT /quick-messages/:id': [{ name: "A's quick message", req: onAQuick('PUT', '', { shortcode: 'tomada' }), expect: notFound('ERR_NOT_FOUND', aQuickUnchanged) }],
    'DELETE /quick-messages/:id': [{ name: "A's quick message", req: onAQuick('DELETE'), expect: notFound('ERR_NOT_FOUND', aQuickUnchanged) }],
    'POST /quick-messages/:id/media-upload': [
      {
        name: "A's quick message",
        req: async () => ({
          method: 'POST',
          url: `/quick-messages/${await aQuick()}/media-upload`,
          raw: '--X\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\nContent-Type: text/plain\r\n\r\nde B\r\n--X--\r\n',
          contentType: 'multipart/form-data; boundary=X',
        }),
        expect: notFound('ERR_NOT_FOUND', aQuickUnchanged),
      },
    ],
    'DELETE /quick-messages/:id/media-upload': [{ name: "A's quick message", req: onAQuick('DELETE', '/media-upload'), expect: notFound('ERR_NOT_FOUND', aQuickUnchanged) }],
    'GET /quick-messages/:id/media': [{ name: "A's quick message with a stored file (holding A's marker)", req: onAQuick('GET', '/media'), expect: notFound('ERR_NOT_FOUND') }],
  };
};
