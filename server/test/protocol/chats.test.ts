/**
 * The internal chat as the spec's client uses it (attendance.md §2–§5, §7): the top-bar popover
 * and the drawer's dot (GET /chats/ with searchParam and pageNumber, `company-<id>-chat`), the
 * /chats page (GET /chats, ChatModal's POST/PUT with the select's user objects, DELETE, the
 * list's read, messages paged and posted) and its channels `company-<id>-chat-<chatId>` and
 * `company-<id>-chat-user-<userId>` — each heard only by the chat's members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient, SpecSocket, WireChat } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
let agent: SpecClient;
let outsider: SpecClient;
let agentSocket: SpecSocket;
let adminSocket: SpecSocket;
let outsiderSocket: SpecSocket;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
  agent = await stage.userTab([]);
  outsider = await stage.userTab([]);
  [agentSocket, adminSocket, outsiderSocket] = await Promise.all([agent.socket().open(), admin.socket().open(), outsider.socket().open()]);
});
afterAll(async () => {
  for (const s of [agentSocket, adminSocket, outsiderSocket]) s?.close();
  await stage?.close();
});

/** ChatList's unreadMessages(chat): the caller's own row of chat.users. */
const unreadsOf = (chat: WireChat, userId: number) => chat.users.find((u) => u.userId === userId)!.unreads;
const ch = (c: SpecClient, rest: string) => `company-${c.companyId}-${rest}`;

describe('the /chats page, the popover and the drawer dot', () => {
  let chat: WireChat;

  it("creates a chat from ChatModal's values (user objects) and the member's page hears { action: 'create', record }", async () => {
    const created = agentSocket.next<{ action: string; record: WireChat }>(ch(agent, `chat-user-${agent.user!.id}`), (p) => p.action === 'create');
    const res = await admin.saveChat({ title: 'Plantão de sábado', users: [{ id: agent.user!.id, name: agent.user!.name }] });
    expect(res.status).toBe(200);
    chat = res.data;
    expect(chat).toMatchObject({ title: 'Plantão de sábado', ownerId: admin.user!.id, lastMessage: '', uuid: expect.any(String) });
    expect((await created).record.id).toBe(chat.id);
  });

  it('posts a message: the conversation and the popover hear new-message; the popover/drawer list shows one unread', async () => {
    const inChat = agentSocket.next<{ action: string; newMessage: { message: string; senderId: number }; chat: WireChat }>(ch(agent, `chat-${chat.id}`), (p) => p.action === 'new-message');
    const inPopover = agentSocket.next<{ action: string; newMessage: { senderId: number }; chat: WireChat }>(ch(agent, 'chat'), (p) => p.action === 'new-message');
    const sent = await admin.sendChatMessage(chat.id, 'Quem fica até as 18h?');
    expect(sent.status).toBe(200);
    expect((await inChat).newMessage).toMatchObject({ message: 'Quem fica até as 18h?', senderId: admin.user!.id });
    const popover = await inPopover;
    expect(popover.newMessage.senderId).not.toBe(agent.user!.id);
    expect(unreadsOf(popover.chat, agent.user!.id)).toBe(1);

    const list = await agent.chatsList({ searchParam: '', pageNumber: 1 });
    expect(list.status).toBe(200);
    expect(list.data.hasMore).toBe(false);
    const row = list.data.records.find((r) => r.id === chat.id)!;
    expect([row.lastMessage, unreadsOf(row, agent.user!.id), unreadsOf(row, admin.user!.id)]).toEqual(['Quem fica até as 18h?', 1, 0]);
  });

  it('opens the chat: the page finds it by uuid in GET /chats, reads it (unreads 0) and loads its messages with sender names', async () => {
    const page = await agent.chatsList();
    const found = page.data.records.find((r) => r.uuid === chat.uuid)!;
    expect(found.id).toBe(chat.id);
    const cleared = agentSocket.next<{ action: string; chat: WireChat }>(ch(agent, 'chat'), (p) => p.action === 'update');
    const read = await agent.readChat(found.id);
    expect(read.status).toBe(200);
    expect(unreadsOf((await cleared).chat, agent.user!.id)).toBe(0);
    const msgs = await agent.chatMessages(found.id, 1);
    expect(msgs.status).toBe(200);
    expect(msgs.data.records.map((m) => [m.sender?.name, m.message])).toEqual([[admin.user!.name, 'Quem fica até as 18h?']]);
    expect(msgs.data.hasMore).toBe(false);
  });

  it("refuses the member's edit and delete (owner only) with ERR_NO_PERMISSION after the client's refresh and retry", async () => {
    const edit = await agent.saveChat({ title: 'Meu agora', users: [] }, chat.id);
    expect([edit.status, (edit.data as unknown as { error: string }).error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect(agent.calls.slice(-3).map((c) => c.replace(/ → .*/, ''))).toEqual([`PUT /chats/${chat.id}`, 'POST /auth/refresh_token', `PUT /chats/${chat.id}`]);
    expect((await agent.deleteChat(chat.id)).status).toBe(403);
  });

  it("the owner edits and deletes; the page hears update, then { action: 'delete', id }; a non-member heard nothing", async () => {
    const updated = agentSocket.next<{ action: string; record: WireChat }>(ch(agent, `chat-user-${agent.user!.id}`), (p) => p.action === 'update' && p.record.title === 'Plantão de domingo');
    const edit = await admin.saveChat({ title: 'Plantão de domingo', users: [{ id: agent.user!.id, name: agent.user!.name }] }, chat.id);
    expect(edit.status).toBe(200);
    expect((await updated).record.users.map((u) => u.userId).sort()).toEqual([admin.user!.id, agent.user!.id].sort());
    const gone = agentSocket.next<{ action: string; id: number }>(ch(agent, 'chat'), (p) => p.action === 'delete');
    expect((await admin.deleteChat(chat.id)).status).toBe(200);
    expect(await gone).toEqual({ action: 'delete', id: chat.id });
    expect(outsiderSocket.frames.filter((f) => f.event.includes('-chat'))).toEqual([]);
    expect((await outsider.chatsList({ searchParam: '', pageNumber: 1 })).data.records).toEqual([]);
  });
});
