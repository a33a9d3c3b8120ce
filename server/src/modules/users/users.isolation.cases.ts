import { expect } from 'vitest';
import { get, itself, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the users module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, emptyList }) => ({
  'GET /users/list': [{ name: 'lists B only', req: () => get('/users/list'), expect: listed(itself, () => [A.user.id, A.c.admin.id], () => B.user.id) }],
  'GET /users': [
    { name: 'lists B only', req: () => get('/users'), expect: listed((b) => b.users, () => [A.user.id, A.c.admin.id], () => B.user.id) },
    { name: "searching A's admin's e-mail", req: () => get(`/users?searchParam=${encodeURIComponent(A.c.admin.email)}`), expect: emptyList((b) => b.users) },
  ],
  'DELETE /users/:id': [
    {
      name: "A's user",
      req: () => ({ method: 'DELETE', url: `/users/${A.user.id}` }),
      expect: notFound('ERR_NO_USER_FOUND', async () => {
        expect(await app.owner`select id from users where id = ${A.user.id}`).toHaveLength(1);
      }),
    },
  ],
  'GET /users/presence': [{ name: 'lists B only', req: () => get('/users/presence'), expect: listed(itself, () => [A.user.id, A.c.admin.id], () => B.user.id) }],
  'PUT /users/me/presence': [
    {
      name: "sets B's admin's own toggle, never A's users'",
      req: () => ({ method: 'PUT', url: '/users/me/presence', body: { status: 'away' } }),
      expect: async (r) => {
        expect(r.status).toBe(200);
        expect(r.body.id).toBe(B.c.admin.id);
        expect(await app.owner`select id from users where company_id = ${A.c.companyId} and away`).toEqual([]);
        await app.owner`update users set away = false where id = ${B.c.admin.id}`;
      },
    },
  ],
  'GET /users/:id': [
    { name: "A's user", req: () => get(`/users/${A.user.id}`), expect: notFound('ERR_NO_USER_FOUND') },
    { name: "A's admin", req: () => get(`/users/${A.c.admin.id}`), expect: notFound('ERR_NO_USER_FOUND') },
  ],
  'POST /users': [
    {
      name: "A's queue",
      req: () => ({ method: 'POST', url: '/users', body: { name: 'Intruso', email: 'intruso-q@example.com', password: 'Secret123', queueIds: [A.queueId] } }),
      expect: notFound('ERR_NO_QUEUE_FOUND'),
    },
    {
      name: "A's connection",
      req: () => ({ method: 'POST', url: '/users', body: { name: 'Intruso', email: 'intruso-w@example.com', password: 'Secret123', whatsappId: A.c.whatsapp.id } }),
      expect: notFound('ERR_NO_WAPP_FOUND'),
    },
  ],
  'PUT /users/:id': [
    { name: "A's user", req: () => ({ method: 'PUT', url: `/users/${A.user.id}`, body: { name: 'Intruso', email: 'intruso-u@example.com' } }), expect: notFound('ERR_NO_USER_FOUND') },
    { name: "A's admin", req: () => ({ method: 'PUT', url: `/users/${A.c.admin.id}`, body: { name: 'Intruso', email: 'intruso-a@example.com' } }), expect: notFound('ERR_NO_USER_FOUND') },
    {
      name: "B's user into A's queue",
      req: () => ({ method: 'PUT', url: `/users/${B.user.id}`, body: { name: 'Agente', email: 'intruso-bq@example.com', queueIds: [A.queueId] } }),
      expect: notFound('ERR_NO_QUEUE_FOUND'),
    },
    {
      name: "B's user with A's connection",
      req: () => ({ method: 'PUT', url: `/users/${B.user.id}`, body: { name: 'Agente', email: 'intruso-bw@example.com', whatsappId: A.c.whatsapp.id } }),
      expect: notFound('ERR_NO_WAPP_FOUND'),
    },
  ],
});
