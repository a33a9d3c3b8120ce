import { NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the knowledge module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{queue}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

const ok = { title: 'Trocas', body: 'Em até 30 dias.' };

export const badInputCases: BadInputRows = {
  'GET /knowledge-articles': [
    q('/knowledge-articles', 'search too long', `searchParam=${long(101)}`),
    q('/knowledge-articles', 'page 0', 'pageNumber=0'),
    q('/knowledge-articles', 'page not a number', 'pageNumber=abc'),
    q('/knowledge-articles', 'search with a NUL byte', 'searchParam=a%00b'),
    { ...q('/knowledge-articles', 'a search of only operators finds all, not an error', 'searchParam=%26%7C!%3A*()'), status: 200 },
  ],
  'POST /knowledge-articles': [
    b('POST', '/knowledge-articles', 'missing title', { body: 'x' }),
    b('POST', '/knowledge-articles', 'blank title', { ...ok, title: '   ' }),
    b('POST', '/knowledge-articles', 'title too long', { ...ok, title: long(201) }),
    b('POST', '/knowledge-articles', 'title with a NUL byte', { ...ok, title: NUL }),
    b('POST', '/knowledge-articles', 'missing body', { title: 'x' }),
    b('POST', '/knowledge-articles', 'body over 20,000 characters', { ...ok, body: long(20_001) }),
    b('POST', '/knowledge-articles', 'body as object', { ...ok, body: { text: 'x' } }),
    b('POST', '/knowledge-articles', 'tags as text', { ...ok, tags: 'a,b' }),
    b('POST', '/knowledge-articles', 'a tag as number', { ...ok, tags: [1] }),
    b('POST', '/knowledge-articles', 'a tag too long', { ...ok, tags: [long(41)] }),
    b('POST', '/knowledge-articles', 'too many tags', { ...ok, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }),
    b('POST', '/knowledge-articles', 'queueId as text', { ...ok, queueId: 'abc' }),
    b('POST', '/knowledge-articles', 'queueId 0', { ...ok, queueId: 0 }),
    { ...b('POST', '/knowledge-articles', 'an unknown queue', { ...ok, queueId: 999999 }), status: 404 },
    ...bodyShapes('POST', '/knowledge-articles'),
  ],
  'GET /knowledge-articles/:id': [...badIds('GET', (id) => `/knowledge-articles/${id}`), { name: 'no such article', req: { method: 'GET', url: '/knowledge-articles/999999' }, status: 404 }],
  'PUT /knowledge-articles/:id': [
    ...badIds('PUT', (id) => `/knowledge-articles/${id}`, { title: 'x' }),
    b('PUT', '/knowledge-articles/999999', 'blank title', { title: '' }),
    b('PUT', '/knowledge-articles/999999', 'body with a NUL byte', { body: NUL }),
    b('PUT', '/knowledge-articles/999999', 'tags as object', { tags: { a: 1 } }),
    { ...b('PUT', '/knowledge-articles/999999', 'no such article', { title: 'x' }), status: 404 },
    ...bodyShapes('PUT', '/knowledge-articles/999999'),
  ],
  'DELETE /knowledge-articles/:id': [...badIds('DELETE', (id) => `/knowledge-articles/${id}`), { name: 'no such article', req: { method: 'DELETE', url: '/knowledge-articles/999999' }, status: 404 }],
};
