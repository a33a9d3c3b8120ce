import { NUL, long, q, b, form, EXE, PDF, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the announcements module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /announcements': [
    { ...q('/announcements', 'page 0', 'pageNumber=0'), as: 'super' },
    { ...q('/announcements', 'page not a number', 'pageNumber=abc'), as: 'super' },
    { ...q('/announcements', 'search too long', `searchParam=${long(101)}`), as: 'super' },
    { ...q('/announcements', 'active not a boolean', 'active=talvez'), as: 'super' },
  ],
  'POST /announcements': [
    { ...b('POST', '/announcements', 'missing fields', {}), as: 'super' },
    { ...b('POST', '/announcements', 'blank title', { title: '   ', text: 'x' }), as: 'super' },
    { ...b('POST', '/announcements', 'title as number', { title: 12, text: 'x' }), as: 'super' },
    { ...b('POST', '/announcements', 'title too long', { title: long(201), text: 'x' }), as: 'super' },
    { ...b('POST', '/announcements', 'text over 10,000 characters', { title: 'x', text: long(10_001) }), as: 'super' },
    { ...b('POST', '/announcements', 'priority 4', { title: 'x', text: 'y', priority: 4 }), as: 'super' },
    { ...b('POST', '/announcements', 'priority as word', { title: 'x', text: 'y', priority: 'alta' }), as: 'super' },
    { ...b('POST', '/announcements', 'status not a boolean', { title: 'x', text: 'y', status: 'sim' }), as: 'super' },
    { ...b('POST', '/announcements', 'title with a NUL byte', { title: NUL, text: 'y' }), as: 'super' },
    ...bodyShapes('POST', '/announcements').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'GET /announcements/:id': [...badIds('GET', (id) => `/announcements/${id}`), { name: 'no such announcement', req: { method: 'GET', url: '/announcements/999999' }, status: 404 }],
  'PUT /announcements/:id': [
    ...badIds('PUT', (id) => `/announcements/${id}`, { title: 'x' }).map((c) => ({ ...c, as: 'super' as const })),
    { ...b('PUT', '/announcements/{announcement}', 'blank text', { text: '' }), as: 'super' },
    { ...b('PUT', '/announcements/{announcement}', 'priority 0', { priority: 0 }), as: 'super' },
    { ...b('PUT', '/announcements/999999', 'no such announcement', { title: 'x' }), as: 'super', status: 404 },
    ...bodyShapes('PUT', '/announcements/{announcement}').map((c) => ({ ...c, as: 'super' as const })),
  ],
  'DELETE /announcements/:id': [...badIds('DELETE', (id) => `/announcements/${id}`).map((c) => ({ ...c, as: 'super' as const })), { name: 'no such announcement', req: { method: 'DELETE', url: '/announcements/999999' }, status: 404, as: 'super' }],
  'POST /announcements/:id/media-upload': [
    ...badIds('POST', (id) => `/announcements/${id}/media-upload`).map((c) => ({ ...c, as: 'super' as const })),
    { ...b('POST', '/announcements/{announcement}/media-upload', 'JSON instead of a file', { file: 'x' }), as: 'super' },
    form('/announcements/{announcement}/media-upload', 'a PDF named .png', {}, [{ field: 'file', fileName: 'a.png', type: 'image/png', content: PDF }], { as: 'super', error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/announcements/{announcement}/media-upload', 'a program named .jpg', {}, [{ field: 'file', fileName: 'a.jpg', type: 'image/jpeg', content: EXE }], { as: 'super', error: 'ERR_FILE_TYPE_NOT_ALLOWED' }),
    form('/announcements/{announcement}/media-upload', 'an empty file', {}, [{ field: 'file', fileName: 'a.png', type: 'image/png', content: '' }], { as: 'super' }),
  ],
  'DELETE /announcements/:id/media-upload': badIds('DELETE', (id) => `/announcements/${id}/media-upload`).map((c) => ({ ...c, as: 'super' as const })),
  'GET /announcements/:id/media': [...badIds('GET', (id) => `/announcements/${id}/media`), { name: 'an announcement without a picture', req: { method: 'GET', url: '/announcements/{announcement}/media' }, status: 404 }],
};
