import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the knowledge module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, emptyList }) => {
  /** A's article (holding A's marker, in A's queue) and B's own, made once on first use. */
  let made: Promise<{ a: number; b: number }> | undefined;
  const articles = () =>
    (made ??= (async () => {
      const a = await api(app, A.c.adminToken).post<{ id: number }>('/knowledge-articles', { title: `Artigo ${A.marker}`, body: `Política de trocas ${A.marker}`, tags: [A.marker], queueId: A.queueId });
      const b = await api(app, B.c.adminToken).post<{ id: number }>('/knowledge-articles', { title: 'Artigo de B', body: 'Política de B' });
      return { a: a.body.id, b: b.body.id };
    })());
  const aArticleUnchanged = async () => {
    const [r] = await app.owner`select title, company_id, queue_id from knowledge_articles where id = ${(await articles()).a}`;
    expect(r).toEqual({ title: `Artigo ${A.marker}`, company_id: A.c.companyId, queue_id: A.queueId });
  };
  const onA = (method: 'GET' | 'PUT' | 'DELETE', body?: unknown) => async () => ({ method, url: `/knowledge-articles/${(await articles()).a}`, body });
  return {
    'GET /knowledge-articles': [
      {
        name: 'lists B only',
        req: async () => (await articles(), get('/knowledge-articles')),
        expect: async (r) => {
          const ids = await articles();
          listed((b) => b.articles, () => [ids.a], () => ids.b)(r);
        },
      },
      { name: "searching A's marker", req: async () => (await articles(), get(`/knowledge-articles?searchParam=${A.marker}`)), expect: emptyList((b) => b.articles) },
    ],
    'POST /knowledge-articles': [
      {
        name: "A's queue",
        req: async () => (await articles(), { method: 'POST', url: '/knowledge-articles', body: { title: 'De B', body: 'texto', queueId: A.queueId } }),
        expect: notFound('ERR_NO_QUEUE_FOUND', aArticleUnchanged),
      },
    ],
    'GET /knowledge-articles/:id': [{ name: "A's article", req: onA('GET'), expect: notFound('ERR_NOT_FOUND') }],
    'PUT /knowledge-articles/:id': [
      { name: "A's article", req: onA('PUT', { title: 'Tomado por B' }), expect: notFound('ERR_NOT_FOUND', aArticleUnchanged) },
      { name: "A's queue on B's article", req: async () => ({ method: 'PUT', url: `/knowledge-articles/${(await articles()).b}`, body: { queueId: A.queueId } }), expect: notFound('ERR_NO_QUEUE_FOUND', aArticleUnchanged) },
    ],
    'DELETE /knowledge-articles/:id': [{ name: "A's article", req: onA('DELETE'), expect: notFound('ERR_NOT_FOUND', aArticleUnchanged) }],
  };
};
