import { INT4_OVER, NUL, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the chats module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /chats': [
    q('/chats', 'search too long', `searchParam=${long(101)}`),
    q('/chats', 'page 0', 'pageNumber=0'),
    q('/chats', 'page not a number', 'pageNumber=abc'),
    q('/chats', 'search with a NUL byte', 'searchParam=a%00b'),
  ],
  'POST /chats': [
    b('POST', '/chats', 'missing title', { users: ['{chatMember}'] }),
    b('POST', '/chats', 'blank title', { title: '   ', users: ['{chatMember}'] }),
    b('POST', '/chats', 'title too long', { title: long(201), users: ['{chatMember}'] }),
    b('POST', '/chats', 'title with a NUL byte', { title: NUL, users: ['{chatMember}'] }),
    b('POST', '/chats', 'missing users', { title: 'Ok' }),
    b('POST', '/chats', 'users not an array', { title: 'Ok', users: '{chatMember}' }),
    b('POST', '/chats', 'no users', { title: 'Ok', users: [] }),
    b('POST', '/chats', 'only the caller', { title: 'Ok', users: [{ id: '{admin}' }] }),
    b('POST', '/chats', 'a user id that is text', { title: 'Ok', users: ['abc'] }),
    b('POST', '/chats', 'a user object without id', { title: 'Ok', users: [{ name: 'Ana' }] }),
    b('POST', '/chats', 'a user id beyond the integer range', { title: 'Ok', users: [INT4_OVER] }),
    b('POST', '/chats', 'over 500 users', { title: 'Ok', users: Array.from({ length: 501 }, (_, i) => i + 1) }),
    { ...b('POST', '/chats', 'a user that does not exist', { title: 'Ok', users: [999999] }), status: 404 },
    ...bodyShapes('POST', '/chats'),
  ],
  'GET /chats/:id': [
    ...badIds('GET', (id) => `/chats/${id}`),
    { name: 'not a uuid', req: { method: 'GET', url: '/chats/0000-zz' } },
    { name: 'no such chat', req: { method: 'GET', url: '/chats/999999' }, status: 404 },
    { name: 'no such uuid', req: { method: 'GET', url: '/chats/00000000-0000-4000-8000-000000000000' }, status: 404 },
  ],
  'PUT /chats/:id': [
    ...badIds('PUT', (id) => `/chats/${id}`, { title: 'x' }),
    b('PUT', '/chats/{chat}', 'blank title', { title: '' }),
    b('PUT', '/chats/{chat}', 'title as array', { title: ['a'] }),
    b('PUT', '/chats/{chat}', 'no users', { users: [] }),
    b('PUT', '/chats/{chat}', 'users as object', { users: { id: 1 } }),
    ...bodyShapes('PUT', '/chats/{chat}'),
  ],
  'DELETE /chats/:id': badIds('DELETE', (id) => `/chats/${id}`),
  'POST /chats/:id/read': [
    ...badIds('POST', (id) => `/chats/${id}/read`, { userId: 1 }),
    b('POST', '/chats/{chat}/read', 'userId as object', { userId: { id: 1 } }),
    ...bodyShapes('POST', '/chats/{chat}/read').filter((c) => !c.name.startsWith('body over')),
  ],
  'GET /chats/:id/messages': [
    ...badIds('GET', (id) => `/chats/${id}/messages`),
    q('/chats/{chat}/messages', 'page 0', 'pageNumber=0'),
    q('/chats/{chat}/messages', 'page not a number', 'pageNumber=x'),
  ],
  'POST /chats/:id/messages': [
    ...badIds('POST', (id) => `/chats/${id}/messages`, { message: 'oi' }),
    b('POST', '/chats/{chat}/messages', 'missing message', {}),
    b('POST', '/chats/{chat}/messages', 'message as number', { message: 12 }),
    b('POST', '/chats/{chat}/messages', 'message over 64 KiB', { message: long(65_537) }),
    b('POST', '/chats/{chat}/messages', 'message with a NUL byte', { message: NUL }),
    { ...b('POST', '/chats/{chat}/messages', 'blank message', { message: ' \n ' }), error: 'ERR_CHAT_MESSAGE_EMPTY' },
    ...bodyShapes('POST', '/chats/{chat}/messages'),
  ],
};
