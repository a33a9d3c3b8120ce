import { expect } from 'vitest';
import { api } from '../../../test/helpers/world';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, type IsolationCase, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the chats module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, notFound, listed, emptyList }) => {
  /** A's chat (its admin and user, one message carrying A's marker) and B's own, made once on first use. */
  let chatFix: Promise<{ a: { id: number; uuid: string }; b: number }> | undefined;
  const chatsFixture = () =>
    (chatFix ??= (async () => {
      const made = await api(app, A.c.adminToken).post<{ id: number; uuid: string }>('/chats', { title: `Conversa ${A.marker}`, users: [{ id: A.user.id }] });
      await api(app, A.c.adminToken).post(`/chats/${made.body.id}/messages`, { message: `Segredo ${A.marker}` });
      const own = await api(app, B.c.adminToken).post<{ id: number }>('/chats', { title: 'Conversa B', users: [B.user.id] });
      chatIds = { a: { id: made.body.id, uuid: made.body.uuid }, b: own.body.id };
      return chatIds;
    })());
  let chatIds: { a: { id: number; uuid: string }; b: number } | undefined;
  /** A's chat as it was: same title and last message, A's user still with one unread, one message. */
  const aChatUnchanged = async () => {
    const { a } = await chatsFixture();
    const [c] = await app.owner`select title, last_message from chats where id = ${a.id}`;
    expect(c).toEqual({ title: `Conversa ${A.marker}`, last_message: `Segredo ${A.marker}` });
    const members = await app.owner`select user_id, unreads from chat_users where chat_id = ${a.id} order by user_id`;
    expect(members.map((m) => [m.user_id, m.unreads])).toEqual([[A.c.admin.id, 0], [A.user.id, 1]].sort((x, y) => x[0]! - y[0]!));
    const [n] = await app.owner`select count(*)::int as n from chat_messages where chat_id = ${a.id}`;
    expect(n!.n).toBe(1);
  };
  /** The same call on A's chat by its numeric id and by its uuid. */
  const onAChat = (method: RawRequest['method'], suffix = '', body?: unknown): IsolationCase['req'][] => [
    async () => ({ method, url: `/chats/${(await chatsFixture()).a.id}${suffix}`, body }),
    async () => ({ method, url: `/chats/${(await chatsFixture()).a.uuid}${suffix}`, body }),
  ];
  const chatCases = (method: RawRequest['method'], suffix = '', body?: unknown): IsolationCase[] =>
    onAChat(method, suffix, body).map((req, i) => ({ name: `A's chat by its ${i ? 'uuid' : 'id'}`, req, expect: notFound('ERR_NO_CHAT_FOUND', aChatUnchanged) }));
  return {
    'GET /chats': [
      { name: 'lists B only', req: async () => (await chatsFixture(), get('/chats')), expect: listed((b) => b.records, () => [chatIds!.a.id], () => chatIds!.b) },
      { name: "searching A's title", req: async () => (await chatsFixture(), get(`/chats?searchParam=${A.marker}`)), expect: emptyList((b) => b.records) },
    ],
    'POST /chats': [
      {
        name: "with A's user as a member",
        req: async () => (await chatsFixture(), { method: 'POST', url: '/chats', body: { title: 'Invasão', users: [{ id: A.user.id }] } }),
        expect: notFound('ERR_NO_USER_FOUND', async () => {
          const [n] = await app.owner`select count(*)::int as n from chats where title = 'Invasão'`;
          expect(n!.n).toBe(0);
        }),
      },
    ],
    'GET /chats/:id': chatCases('GET'),
    'PUT /chats/:id': chatCases('PUT', '', { title: 'Tomada' }),
    'DELETE /chats/:id': chatCases('DELETE'),
    'POST /chats/:id/read': chatCases('POST', '/read', { userId: 1 }),
    'GET /chats/:id/messages': chatCases('GET', '/messages'),
    'POST /chats/:id/messages': chatCases('POST', '/messages', { message: 'de B' }),
  };
};
