import { long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the helps module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /helps': [{ ...q('/helps', 'unknown query is ignored', 'x=%ZZ'), status: 200 }, q('/helps', 'searchParam over 100', `searchParam=${long(101)}`)],
  'GET /helps/list': [
    { ...q('/helps/list', 'a search with LIKE wildcards', 'searchParam=%25_%5C'), status: 200 },
    q('/helps/list', 'searchParam over 100', `searchParam=${long(101)}`),
  ],
  'POST /helps': [
    ...(
      [
        ['missing fields', {}],
        ['missing video', { title: 'Ajuda' }],
        ['blank title', { title: '   ', video: 'dQw4w9WgXcQ' }],
        ['title over 200', { title: long(201), video: 'dQw4w9WgXcQ' }],
        ['not a YouTube video', { title: 'Ajuda', video: 'https://vimeo.com/1' }],
        ['a script address', { title: 'Ajuda', video: 'javascript:alert(1)' }],
        ['description over 2000', { title: 'Ajuda', video: 'dQw4w9WgXcQ', description: long(2001) }],
        ['title as number', { title: 1, video: 'dQw4w9WgXcQ' }],
      ] as const
    ).map(([name, body]) => ({ ...b('POST', '/helps', name, body), as: 'super' as const })),
    ...bodyShapes('POST', '/helps').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'PUT /helps/:id': [
    ...badIds('PUT', (id) => `/helps/${id}`, { title: 'Ajuda', video: 'dQw4w9WgXcQ' }).map((c) => ({ ...c, as: 'super' as const })),
    { ...b('PUT', '/helps/{help}', 'missing video', { title: 'Ajuda' }), as: 'super' },
    { ...b('PUT', '/helps/999999', 'no such help', { title: 'Ajuda', video: 'dQw4w9WgXcQ' }), status: 404, as: 'super' },
    ...bodyShapes('PUT', '/helps/{help}').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'DELETE /helps/:id': [
    ...badIds('DELETE', (id) => `/helps/${id}`).map((c) => ({ ...c, as: 'super' as const })),
    { name: 'no such help', req: { method: 'DELETE', url: '/helps/999999' }, status: 404, as: 'super' },
  ],
};
