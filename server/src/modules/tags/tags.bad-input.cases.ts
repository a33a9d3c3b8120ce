import { INT4_OVER, NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the tags module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /tags/kanban': [{ ...q('/tags/kanban', 'an unknown query is ignored', 'x=%00'), status: 200 }],
  'PUT /ticket-tags/:ticketId/:tagId': [
    ...badIds('PUT', (id) => `/ticket-tags/${id}/{tag}`),
    ...badIds('PUT', (id) => `/ticket-tags/{ticket}/${id}`),
    { name: 'an unknown tag', req: { method: 'PUT', url: '/ticket-tags/{ticket}/999999' }, status: 404, error: 'ERR_NOT_FOUND' },
    { name: 'an unknown ticket', req: { method: 'PUT', url: '/ticket-tags/999999/{tag}' }, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  ],
  'DELETE /ticket-tags/:ticketId': [
    ...badIds('DELETE', (id) => `/ticket-tags/${id}`),
    { name: 'an unknown ticket', req: { method: 'DELETE', url: '/ticket-tags/999999' }, status: 404, error: 'ERR_NO_TICKET_FOUND' },
  ],
  'GET /tags/list': [{ ...q('/tags/list', "the spec client's companyId is ignored", 'companyId=abc'), status: 200 }],
  'POST /tags': [
    b('POST', '/tags', 'missing name', { color: '#ff0000' }),
    b('POST', '/tags', 'blank name', { name: '   ' }),
    b('POST', '/tags', 'name under 3 characters', { name: 'ab' }),
    b('POST', '/tags', 'name as number', { name: 123 }),
    b('POST', '/tags', 'name too long', { name: long(101) }),
    b('POST', '/tags', 'name with a NUL byte', { name: NUL }),
    b('POST', '/tags', 'colour not a colour', { name: 'Cor ruim', color: 'red; drop' }),
    b('POST', '/tags', 'kanban not a boolean', { name: 'Kanban ruim', kanban: 'sim' }),
    { ...b('POST', '/tags', 'name already taken (other case)', { name: 'FIXTURE' }), status: 409 },
    ...bodyShapes('POST', '/tags'),
  ],
  'GET /tags': [
    q('/tags', 'pageNumber 0', 'pageNumber=0'),
    q('/tags', 'pageNumber as text', 'pageNumber=abc'),
    q('/tags', 'searchParam too long', `searchParam=${long(101)}`),
    { ...q('/tags', "the spec client's companyId is ignored", 'companyId=abc&searchParam=%25'), status: 200 },
  ],
  'GET /tags/:id': [...badIds('GET', (id) => `/tags/${id}`), { name: 'no such tag', req: { method: 'GET', url: '/tags/999999' }, status: 404 }],
  'PUT /tags/:id': [
    ...badIds('PUT', (id) => `/tags/${id}`, { name: 'Etiqueta' }),
    b('PUT', '/tags/{tag}', 'missing name', { color: '#ff0000' }),
    b('PUT', '/tags/{tag}', 'name under 3 characters', { name: 'ab' }),
    b('PUT', '/tags/{tag}', 'name too long', { name: long(101) }),
    b('PUT', '/tags/{tag}', 'colour not a colour', { name: 'Cor ruim', color: 'url(x)' }),
    b('PUT', '/tags/{tag}', 'kanban not a boolean', { name: 'Kanban ruim', kanban: 2 }),
    { ...b('PUT', '/tags/999999', 'no such tag', { name: 'Etiqueta' }), status: 404 },
    ...bodyShapes('PUT', '/tags/{tag}'),
  ],
  'DELETE /tags/:id': [...badIds('DELETE', (id) => `/tags/${id}`), { name: 'no such tag', req: { method: 'DELETE', url: '/tags/999999' }, status: 404 }],
  'PUT /contacts/:id/tags': [
    ...badIds('PUT', (id) => `/contacts/${id}/tags`, { tagIds: [] }),
    b('PUT', '/contacts/{contact}/tags', 'missing tagIds', {}),
    b('PUT', '/contacts/{contact}/tags', 'tagIds not a list', { tagIds: '{tag}' }),
    b('PUT', '/contacts/{contact}/tags', 'a tag id of 0', { tagIds: [0] }),
    b('PUT', '/contacts/{contact}/tags', 'a tag id as text', { tagIds: ['abc'] }),
    b('PUT', '/contacts/{contact}/tags', 'a tag id over int4', { tagIds: [INT4_OVER] }),
    b('PUT', '/contacts/{contact}/tags', 'over 100 tags', { tagIds: Array.from({ length: 101 }, (_, i) => i + 1) }),
    { ...b('PUT', '/contacts/{contact}/tags', 'an unknown tag', { tagIds: [999999] }), status: 404 },
    ...bodyShapes('PUT', '/contacts/{contact}/tags'),
  ],
  'POST /tags/sync': [
    b('POST', '/tags/sync', 'missing ticketId', { tags: [] }),
    b('POST', '/tags/sync', 'ticketId not a number', { ticketId: 'abc', tags: [] }),
    b('POST', '/tags/sync', 'ticketId over int4', { ticketId: INT4_OVER, tags: [] }),
    b('POST', '/tags/sync', 'missing tags', { ticketId: '{ticket}' }),
    b('POST', '/tags/sync', 'tags not a list', { ticketId: '{ticket}', tags: '{tag}' }),
    b('POST', '/tags/sync', 'a tag without id', { ticketId: '{ticket}', tags: [{ name: 'x' }] }),
    b('POST', '/tags/sync', 'a tag id of 0', { ticketId: '{ticket}', tags: [{ id: 0 }] }),
    { ...b('POST', '/tags/sync', 'an unknown tag', { ticketId: '{ticket}', tags: [{ id: 999999 }] }), status: 404 },
    { ...b('POST', '/tags/sync', 'an unknown ticket', { ticketId: 999999, tags: [] }), status: 404 },
    ...bodyShapes('POST', '/tags/sync'),
  ],
};
