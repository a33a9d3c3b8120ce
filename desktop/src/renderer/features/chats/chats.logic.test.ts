import { describe, expect, it } from 'vitest';
import { makeChat, makeChatMessage } from './chats.fixtures';
import { mergeMessages, messageToSend, removeChat, shouldLoadOlder, unreadChats, unreadsOf, upsertChat, validateChatForm, withRead } from './chats.logic';

describe('chats logic', () => {
  it("reads my own unread count and lists only the chats with unread messages for me", () => {
    const a = makeChat({ id: 1, unreads: { 1: 2 } });
    const b = makeChat({ id: 2, unreads: { 2: 5 } });
    expect([unreadsOf(a, 1), unreadsOf(b, 1), unreadsOf(a, 99)]).toEqual([2, 0, 0]);
    expect(unreadChats([a, b], 1).map((c) => c.id)).toEqual([1]);
    expect(unreadChats([a, b], 2).map((c) => c.id)).toEqual([2]);
  });

  it('keeps the list newest activity first when a chat is added or changed, and removes by id', () => {
    const old = makeChat({ id: 1, updatedAt: '2026-11-26T09:00:00.000Z' });
    const mid = makeChat({ id: 2, updatedAt: '2026-11-26T10:00:00.000Z' });
    let list = upsertChat(upsertChat([], old), mid);
    expect(list.map((c) => c.id)).toEqual([2, 1]);
    list = upsertChat(list, { ...old, updatedAt: '2026-11-26T11:00:00.000Z', lastMessage: 'novo' });
    expect(list.map((c) => [c.id, c.lastMessage])).toEqual([[1, 'novo'], [2, '']]);
    expect(removeChat(list, 1).map((c) => c.id)).toEqual([2]);
  });

  it("clears only my count when I read", () => {
    const c = withRead(makeChat({ unreads: { 1: 3, 2: 4 } }), 1);
    expect([unreadsOf(c, 1), unreadsOf(c, 2)]).toEqual([0, 4]);
  });

  it('merges pages and live messages by id, oldest first', () => {
    const m = (id: number) => makeChatMessage({ id });
    expect(mergeMessages([m(3), m(4)], [m(1), m(2), m(3)]).map((x) => x.id)).toEqual([1, 2, 3, 4]);
  });

  it('loads older messages only under 600 px from the top, when there are more and none are loading', () => {
    expect(shouldLoadOlder(599, true, false)).toBe(true);
    expect(shouldLoadOlder(600, true, false)).toBe(false);
    expect(shouldLoadOlder(0, false, false)).toBe(false);
    expect(shouldLoadOlder(0, true, true)).toBe(false);
  });

  it("validates the dialog with the spec's texts", () => {
    expect(validateChatForm({ title: '  ', users: [] })).toEqual({ title: 'Por favor, preencha o título da conversa.', users: 'Por favor, selecione pelo menos um usuário.' });
    expect(validateChatForm({ title: 'Equipe', users: [2] })).toEqual({});
  });

  it('ignores blank messages and sends the rest as typed', () => {
    expect(messageToSend(' \n\t')).toBeNull();
    expect(messageToSend(' oi ')).toBe(' oi ');
  });
});
