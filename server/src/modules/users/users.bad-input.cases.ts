import { INT4_OVER, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the users module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /users/list': [{ ...q('/users/list', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'GET /users': [
    q('/users', 'pageNumber 0', 'pageNumber=0'),
    q('/users', 'pageNumber as text', 'pageNumber=abc'),
    q('/users', 'pageNumber a fraction', 'pageNumber=1.5'),
    q('/users', 'searchParam too long', `searchParam=${long(101)}`),
    { ...q('/users', 'wildcards are only characters', 'searchParam=%25_%5C'), status: 200 },
  ],
  'GET /users/presence': [{ ...q('/users/presence', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'PUT /users/me/presence': [
    b('PUT', '/users/me/presence', 'missing status', {}),
    b('PUT', '/users/me/presence', 'offline is not set by hand', { status: 'offline' }),
    b('PUT', '/users/me/presence', 'status as a number', { status: 1 }),
    ...bodyShapes('PUT', '/users/me/presence'),
  ],
  'DELETE /users/:id': [...badIds('DELETE', (id) => `/users/${id}`), { name: 'no such user', req: { method: 'DELETE', url: '/users/999999' }, status: 404 }],
  'GET /users/:id': [...badIds('GET', (id) => `/users/${id}`), { name: 'no such user', req: { method: 'GET', url: '/users/999999' }, status: 404 }],
  'POST /users': [
    b('POST', '/users', 'missing fields', {}),
    b('POST', '/users', 'bad e-mail', { name: 'Ana', email: 'x', password: 'Secret123' }),
    b('POST', '/users', 'password too short', { name: 'Ana', email: 'ana@example.com', password: 'a' }),
    b('POST', '/users', 'unknown profile', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', profile: 'god' }),
    b('POST', '/users', 'queueIds as text', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', queueIds: 'x' }),
    b('POST', '/users', 'queueIds negative', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', queueIds: [-1] }),
    b('POST', '/users', 'whatsappId beyond integer', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', whatsappId: INT4_OVER }),
    b('POST', '/users', 'allTicket unknown', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', allTicket: 'maybe' }),
    b('POST', '/users', 'maxTickets zero', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', maxTickets: 0 }),
    b('POST', '/users', 'maxTickets a fraction', { name: 'Ana', email: 'ana@example.com', password: 'Secret123', maxTickets: 1.5 }),
    ...bodyShapes('POST', '/users'),
  ],
  'PUT /users/:id': [
    ...badIds('PUT', (id) => `/users/${id}`, { name: 'Ana', email: 'ana@example.com' }),
    b('PUT', '/users/1', 'missing fields', {}),
    b('PUT', '/users/1', 'bad e-mail', { name: 'Ana', email: 'x' }),
    b('PUT', '/users/1', 'name too short', { name: 'A', email: 'ana@example.com' }),
    b('PUT', '/users/1', 'password too short', { name: 'Ana', email: 'ana@example.com', password: 'a' }),
    b('PUT', '/users/1', 'unknown profile', { name: 'Ana', email: 'ana@example.com', profile: 'god' }),
    b('PUT', '/users/1', 'queueIds as text', { name: 'Ana', email: 'ana@example.com', queueIds: 'x' }),
    b('PUT', '/users/1', 'whatsappId beyond integer', { name: 'Ana', email: 'ana@example.com', whatsappId: INT4_OVER }),
    b('PUT', '/users/1', 'allTicket unknown', { name: 'Ana', email: 'ana@example.com', allTicket: 'maybe' }),
    b('PUT', '/users/1', 'maxTickets as text', { name: 'Ana', email: 'ana@example.com', maxTickets: 'x' }),
    b('PUT', '/users/1', 'maxTickets beyond 1000', { name: 'Ana', email: 'ana@example.com', maxTickets: 1001 }),
    { name: 'no such user', req: { method: 'PUT', url: '/users/999999', body: { name: 'Ana', email: 'ana@example.com' } }, status: 404 },
    ...bodyShapes('PUT', '/users/1'),
  ],
};
