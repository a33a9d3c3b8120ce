// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { chatsApi } from './chats.api';
import { makeChat, makeChatMessage } from './chats.fixtures';
import { onChatMessageForMe, useChats } from './chats.store';
import { ChatsMenuBadge } from './ChatsMenuBadge';
import { ChatsPopover } from './ChatsPopover';

vi.mock('./chats.api', () => ({ chatsApi: { page: vi.fn() } }));
const handlers = new Map<string, ((p: unknown) => void)[]>();
let readyHandler: (() => void) | null = null;
vi.mock('../../lib/socket', () => ({
  getSocket: () => ({}),
  onReady: (h: () => void) => {
    readyHandler = h;
    return () => (readyHandler = null);
  },
  listen: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    return () => handlers.set(channel, (handlers.get(channel) ?? []).filter((h) => h !== handler));
  },
}));
const api = vi.mocked(chatsApi);
configure({ asyncUtilTimeout: 8000 });

const read = makeChat({ id: 1, title: 'Lida', updatedAt: '2026-11-26T11:00:00.000Z' });
const unread = makeChat({ id: 2, title: 'Com novidade', lastMessage: 'Alguém aí?', unreads: { 1: 3 }, updatedAt: '2026-11-26T12:00:00.000Z' });

const Where = () => <div data-testid="where">{useLocation().pathname}</div>;
const renderBar = (enabled = true) =>
  render(
    <MemoryRouter initialEntries={['/tickets']}>
      <ChatsPopover enabled={enabled} />
      <ChatsMenuBadge>Chats</ChatsMenuBadge>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
const emit = (channel: string, payload: unknown) => act(() => (handlers.get(channel) ?? []).forEach((h) => h(payload)));
const ready = () => act(() => readyHandler?.());

beforeEach(() => {
  handlers.clear();
  useChats.getState().reset();
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'user', companyId: 1, name: 'Ana', super: false } as SessionUserDto });
  api.page.mockResolvedValue({ records: [unread, read], count: 2, hasMore: false });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ChatsPopover and the menu dot', { timeout: 60_000 }, () => {
  it('is absent, and asks nothing, when the plan has no internal chat', async () => {
    renderBar(false);
    await ready();
    expect(screen.queryByTestId('chats-popover-button')).toBeNull();
    expect(api.page).not.toHaveBeenCalled();
    expect(screen.queryByTestId('chats-menu-dot')).toBeNull();
  });

  it('shows the dot while a chat has unread messages for me, lists only those, and a click opens it', async () => {
    renderBar();
    await ready();
    await waitFor(() => expect(screen.getByTestId('chats-popover-badge').getAttribute('data-unread')).toBe('1'));
    expect(screen.getByTestId('chats-menu-dot')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chats-popover-button'));
    const rows = await screen.findAllByTestId('chats-popover-item');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Com novidade')]);
    expect(rows[0]!.textContent).toContain('Alguém aí?');
    fireEvent.click(rows[0]!);
    expect(screen.getByTestId('where').textContent).toBe(`/chats/${unread.uuid}`);
  });

  it('goes live: a message for me lights the dot and is announced; my own message and a read do not', async () => {
    api.page.mockResolvedValue({ records: [read], count: 1, hasMore: false });
    const heard = vi.fn();
    const off = onChatMessageForMe(heard);
    renderBar();
    await ready();
    await waitFor(() => expect(useChats.getState().loaded).toBe(true));
    expect(screen.queryByTestId('chats-menu-dot')).toBeNull();

    const mineMsg = makeChatMessage({ id: 5, chatId: 1, senderId: 1 });
    emit('chat-user-1', { action: 'new-message', record: read, newMessage: mineMsg });
    expect(heard).not.toHaveBeenCalled();

    const bumped = { ...read, lastMessage: 'Reunião às 15h', updatedAt: '2026-11-26T13:00:00.000Z', users: read.users.map((u) => (u.userId === 1 ? { ...u, unreads: 1 } : u)) };
    const msg = makeChatMessage({ id: 6, chatId: 1, message: 'Reunião às 15h' });
    emit('chat-user-1', { action: 'new-message', record: bumped, newMessage: msg });
    expect(heard).toHaveBeenCalledWith({ chat: bumped, message: msg });
    expect(screen.getByTestId('chats-menu-dot')).toBeTruthy();

    emit('chat', { action: 'update', chat: read });
    expect(screen.queryByTestId('chats-menu-dot')).toBeNull();
    emit('chat-user-1', { action: 'create', record: unread });
    expect(screen.getByTestId('chats-menu-dot')).toBeTruthy();
    emit('chat', { action: 'delete', id: unread.id });
    expect(screen.queryByTestId('chats-menu-dot')).toBeNull();
    off();
  });
});
