/**
 * Internal chat (attendance.md §2–§5, §7; issue 15 §1): the spec's calls, members-only access,
 * owner-only edit and delete, unreads, paging, and the live channels to the chat's members only.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ChatDto, type ChatMessageDto, type ListChatMessagesResponse, type ListChatsResponse, type WireChannels } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { recordEvents } from '../../../test/helpers/sockets';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let ana: { id: number; token: string };
let bia: { id: number; token: string };
let caio: { id: number; token: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  for (const [i, u] of (await Promise.all([a.addUser({}), a.addUser({}), a.addUser({})])).entries()) {
    const who = { id: u.user.id, token: u.token };
    if (i === 0) ana = who;
    else if (i === 1) bia = who;
    else caio = who;
  }
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

const socketOf = async (token: string) => {
  const s = await connectSocket(app, token);
  sockets.push(s);
  return s;
};
const create = async (token: string, body: unknown) => {
  const r = await api(app, token).post<ChatDto>('/chats', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const unreadsOf = (chat: ChatDto, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads;

describe('POST /chats', () => {
  it("creates a chat owned by the caller with the users the spec's client sends (user objects), the owner a member", async () => {
    const chat = await create(ana.token, { title: ' Plantão ', users: [{ id: bia.id, name: 'Bia', email: 'x' }] });
    expect(chat).toMatchObject({ title: 'Plantão', ownerId: ana.id, owner: { id: ana.id }, lastMessage: '', companyId: a.companyId });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users.map((u) => u.userId).sort()).toEqual([ana.id, bia.id].sort());
    expect(chat.users.every((u) => u.unreads === 0)).toBe(true);
  });

  it("refuses a blank title and no users with the spec's texts", async () => {
    const noTitle = await api(app, ana.token).post<{ error: string; issues: { path: string; message: string }[] }>('/chats', { title: '  ', users: [bia.id] });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.issues).toEqual([expect.objectContaining({ path: 'title', message: 'Por favor, preencha o título da conversa.' })]);
    const noUsers = await api(app, ana.token).post<{ error: string; message: string }>('/chats', { title: 'Só eu', users: [{ id: ana.id }] });
    expect(noUsers.status).toBe(400);
    expect(noUsers.body).toMatchObject({ error: 'ERR_VALIDATION', message: 'Por favor, selecione pelo menos um usuário.' });
  });

  it("refuses another company's user (404) and creates nothing", async () => {
    const b = await createCompany(app);
    const before = (await api(app, ana.token).get<ListChatsResponse>('/chats')).body.count;
    const r = await api(app, ana.token).post<{ error: string }>('/chats', { title: 'Fora', users: [b.admin.id] });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('ERR_NO_USER_FOUND');
    expect((await api(app, ana.token).get<ListChatsResponse>('/chats')).body.count).toBe(before);
  });
});

describe('GET /chats', () => {
  it("lists only the caller's chats, newest activity first, searched by title, paged with hasMore", async () => {
    const mine = await create(bia.token, { title: 'Busca Zeta', users: [caio.id] });
    const notMine = await create(ana.token, { title: 'Busca Zeta oculta', users: [caio.id] });
    const list = (await api(app, bia.token).get<ListChatsResponse>('/chats/?searchParam=zeta&pageNumber=1')).body;
    expect(list.records.map((c) => c.id)).toEqual([mine.id]);
    expect(list.records.map((c) => c.id)).not.toContain(notMine.id);
    expect(list.hasMore).toBe(false);
    for (let i = 0; i < 21; i++) await create(caio.token, { title: `Página ${i}`, users: [ana.id] });
    const p1 = (await api(app, caio.token).get<ListChatsResponse>('/chats?searchParam=Página&pageNumber=1')).body;
    const p2 = (await api(app, caio.token).get<ListChatsResponse>('/chats?searchParam=Página&pageNumber=2')).body;
    expect([p1.records.length, p1.hasMore, p2.records.length, p2.hasMore, p1.count]).toEqual([20, true, 1, false, 21]);
    expect(p1.records[0]!.title).toBe('Página 20');
  });

  it('shows a chat by its numeric id or its uuid to members only', async () => {
    const chat = await create(ana.token, { title: 'Mostrar', users: [bia.id] });
    expect((await api(app, bia.token).get<ChatDto>(`/chats/${chat.id}`)).body.id).toBe(chat.id);
    expect((await api(app, bia.token).get<ChatDto>(`/chats/${chat.uuid}`)).body.id).toBe(chat.id);
    const outsider = await api(app, caio.token).get<{ error: string }>(`/chats/${chat.uuid}`);
    expect([outsider.status, outsider.body.error]).toEqual([404, 'ERR_NO_CHAT_FOUND']);
  });
});

describe('PUT and DELETE /chats/:id', () => {
  it('lets only the owner edit (403 for another member, 404 for a non-member); members are replaced, the owner stays', async () => {
    const chat = await create(ana.token, { title: 'Equipe', users: [bia.id] });
    const byMember = await api(app, bia.token).put<{ error: string }>(`/chats/${chat.id}`, { title: 'Roubado', users: [ana.id] });
    expect([byMember.status, byMember.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect((await api(app, caio.token).put(`/chats/${chat.id}`, { title: 'Roubado' })).status).toBe(404);
    const r = await api(app, ana.token).put<ChatDto>(`/chats/${chat.uuid}`, { title: 'Equipe B', users: [{ id: caio.id }] });
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('Equipe B');
    expect(r.body.users.map((u) => u.userId).sort()).toEqual([ana.id, caio.id].sort());
    expect((await api(app, bia.token).get(`/chats/${chat.id}`)).status).toBe(404);
  });

  it('lets only the owner delete; the chat and its messages are gone', async () => {
    const chat = await create(ana.token, { title: 'Apagar', users: [bia.id] });
    await api(app, bia.token).post(`/chats/${chat.id}/messages`, { message: 'oi' });
    const byMember = await api(app, bia.token).del<{ error: string }>(`/chats/${chat.id}`);
    expect([byMember.status, byMember.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect((await api(app, ana.token).del(`/chats/${chat.id}`)).status).toBe(200);
    expect((await api(app, ana.token).get(`/chats/${chat.id}`)).status).toBe(404);
    const [n] = await app.owner`select count(*)::int as n from chat_messages where chat_id = ${chat.id}`;
    expect(n!.n).toBe(0);
  });
});

describe('messages, unreads and read', () => {
  it("stores a message, gives the other members one unread each, sets lastMessage; read clears the caller's only", async () => {
    const chat = await create(ana.token, { title: 'Unreads', users: [bia.id, caio.id] });
    const sent = await api(app, ana.token).post<ChatMessageDto>(`/chats/${chat.id}/messages`, { message: 'Bom dia' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ chatId: chat.id, senderId: ana.id, sender: { id: ana.id, name: 'Agente' }, message: 'Bom dia' });
    await api(app, bia.token).post(`/chats/${chat.uuid}/messages`, { message: 'Olá' });
    const now = (await api(app, caio.token).get<ChatDto>(`/chats/${chat.id}`)).body;
    expect([unreadsOf(now, ana.id), unreadsOf(now, bia.id), unreadsOf(now, caio.id), now.lastMessage]).toEqual([1, 1, 2, 'Olá']);
    const read = await api(app, caio.token).post<ChatDto>(`/chats/${chat.id}/read`, { userId: caio.id });
    expect(read.status).toBe(200);
    expect([unreadsOf(read.body, caio.id), unreadsOf(read.body, ana.id)]).toEqual([0, 1]);
  });

  it('refuses a blank message with ERR_CHAT_MESSAGE_EMPTY and a non-member with 404; nothing changes', async () => {
    const chat = await create(ana.token, { title: 'Vazio', users: [bia.id] });
    const blank = await api(app, ana.token).post<{ error: string }>(`/chats/${chat.id}/messages`, { message: ' \n\t ' });
    expect([blank.status, blank.body.error]).toEqual([400, 'ERR_CHAT_MESSAGE_EMPTY']);
    const outsider = await api(app, caio.token).post<{ error: string }>(`/chats/${chat.id}/messages`, { message: 'intruso' });
    expect([outsider.status, outsider.body.error]).toEqual([404, 'ERR_NO_CHAT_FOUND']);
    expect((await api(app, caio.token).get(`/chats/${chat.id}/messages`)).status).toBe(404);
    const after = (await api(app, bia.token).get<ChatDto>(`/chats/${chat.id}`)).body;
    expect([after.lastMessage, unreadsOf(after, bia.id)]).toEqual(['', 0]);
  });

  it('pages messages from the newest, each page oldest first', async () => {
    const chat = await create(ana.token, { title: 'Páginas', users: [bia.id] });
    for (let i = 1; i <= 25; i++) await api(app, i % 2 ? ana.token : bia.token).post(`/chats/${chat.id}/messages`, { message: `m${i}` });
    const p1 = (await api(app, bia.token).get<ListChatMessagesResponse>(`/chats/${chat.id}/messages?pageNumber=1`)).body;
    const p2 = (await api(app, bia.token).get<ListChatMessagesResponse>(`/chats/${chat.id}/messages?pageNumber=2`)).body;
    expect(p1.records.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(p2.records.map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect([p1.hasMore, p2.hasMore, p1.count]).toEqual([true, false, 25]);
  });
});

describe('live events', () => {
  it('reach the members only: the conversation, the lists and the unread updates; never a non-member', async () => {
    const [sa, sb, sc] = [await socketOf(ana.token), await socketOf(bia.token), await socketOf(caio.token)];
    const seenByCaio = recordEvents(sc);
    const created = nextEvent<WireChannels[`chat-user-${number}`]>(sb, wireEvent(a.companyId, `chat-user-${bia.id}`), (p) => p.action === 'create');
    const chat = await create(ana.token, { title: 'Ao vivo', users: [bia.id] });
    expect(await created).toMatchObject({ action: 'create', record: { id: chat.id, title: 'Ao vivo' } });

    const inConversation = nextEvent<WireChannels[`chat-${number}`]>(sa, wireEvent(a.companyId, `chat-${chat.id}`), (p) => p.action === 'new-message');
    const inList = nextEvent<WireChannels['chat']>(sb, wireEvent(a.companyId, 'chat'), (p) => p.action === 'new-message');
    const forBia = nextEvent<WireChannels[`chat-user-${number}`]>(sb, wireEvent(a.companyId, `chat-user-${bia.id}`), (p) => p.action === 'new-message');
    const sent = (await api(app, ana.token).post<ChatMessageDto>(`/chats/${chat.id}/messages`, { message: 'Tem alguém aí?' })).body;
    expect(await inConversation).toMatchObject({ newMessage: { id: sent.id, message: 'Tem alguém aí?' }, chat: { id: chat.id, lastMessage: 'Tem alguém aí?' } });
    const listed = await inList;
    expect(listed.action === 'new-message' && unreadsOf(listed.chat, bia.id)).toBe(1);
    expect(await forBia).toMatchObject({ action: 'new-message', newMessage: { id: sent.id }, record: { id: chat.id } });

    const cleared = nextEvent<WireChannels[`chat-user-${number}`]>(sb, wireEvent(a.companyId, `chat-user-${bia.id}`), (p) => p.action === 'update');
    await api(app, bia.token).post(`/chats/${chat.id}/read`, { userId: bia.id });
    const upd = await cleared;
    expect(upd.action === 'update' && unreadsOf(upd.record, bia.id)).toBe(0);

    const gone = nextEvent<WireChannels['chat']>(sb, wireEvent(a.companyId, 'chat'), (p) => p.action === 'delete');
    await api(app, ana.token).del(`/chats/${chat.id}`);
    expect(await gone).toEqual({ action: 'delete', id: chat.id });
    // Caio (same company, not a member) heard nothing about it; a marker event proves his socket works.
    const marker = nextEvent(sc, wireEvent(a.companyId, `chat-user-${caio.id}`));
    await create(ana.token, { title: 'Marcador', users: [caio.id] });
    await marker;
    expect(seenByCaio.filter((e) => JSON.stringify(e).includes('Ao vivo') || JSON.stringify(e).includes('Tem alguém aí?'))).toEqual([]);
  });

  it('a member the owner takes out hears the chat is gone for them', async () => {
    const chat = await create(ana.token, { title: 'Saída', users: [bia.id, caio.id] });
    const sc = await socketOf(caio.token);
    const gone = nextEvent<WireChannels[`chat-user-${number}`]>(sc, wireEvent(a.companyId, `chat-user-${caio.id}`), (p) => p.action === 'delete');
    await api(app, ana.token).put(`/chats/${chat.id}`, { users: [bia.id] });
    expect(await gone).toEqual({ action: 'delete', id: chat.id });
  });
});
