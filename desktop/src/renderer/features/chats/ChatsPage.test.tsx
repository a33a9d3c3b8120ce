// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatDto, SessionUserDto, UserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { chatsApi } from './chats.api';
import { makeChat, makeChatMessage } from './chats.fixtures';
import { useChats } from './chats.store';
import { ChatsPage } from './ChatsPage';

vi.mock('./chats.api', () => ({
  chatsApi: { page: vi.fn(), show: vi.fn(), create: vi.fn(), update: vi.fn(), remove: vi.fn(async () => ({})), read: vi.fn(), messages: vi.fn(), send: vi.fn(), users: vi.fn() },
}));
const handlers = new Map<string, ((p: unknown) => void)[]>();
vi.mock('../../lib/socket', () => ({
  listenLive: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    return () => handlers.set(channel, (handlers.get(channel) ?? []).filter((h) => h !== handler));
  },
}));
let narrow = false;
vi.mock('../../lib/useMediaQuery', () => ({ useMediaQuery: () => narrow }));
const api = vi.mocked(chatsApi);
configure({ asyncUtilTimeout: 8000 });

const mine = makeChat({ id: 10, title: 'Minha conversa', ownerId: 1, unreads: { 1: 2 }, lastMessage: 'oi', updatedAt: '2026-11-26T12:00:00.000Z' });
const theirs = makeChat({ id: 11, title: 'Da Bia', ownerId: 2, owner: { id: 2, name: 'Bia' } });

const Where = () => <div data-testid="where">{useLocation().pathname}</div>;
const renderAt = (path = '/chats') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/chats/:uuid?" element={<ChatsPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
const items = () => screen.queryAllByTestId('chat-item');
const item = (id: number) => items().find((r) => r.getAttribute('data-id') === String(id))!;
const emit = (channel: string, payload: unknown) => act(() => (handlers.get(channel) ?? []).forEach((h) => h(payload)));

beforeEach(() => {
  narrow = false;
  handlers.clear();
  useChats.getState().reset();
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'user', companyId: 1, name: 'Ana', super: false } as SessionUserDto });
  api.page.mockResolvedValue({ records: [mine, theirs], count: 2, hasMore: false });
  api.messages.mockResolvedValue({ records: [makeChatMessage({ id: 1, chatId: 10, message: 'Bom dia' })], count: 1, hasMore: false });
  api.read.mockImplementation(async (id: number) => ({ ...mine, id }) as ChatDto);
  api.users.mockResolvedValue([{ id: 1, name: 'Ana' }, { id: 2, name: 'Bia' }, { id: 3, name: 'Caio' }] as UserDto[]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('ChatsPage', { timeout: 60_000 }, () => {
  it("shows a skeleton, then the chats; with none, the spec's 'Nenhum registro'", async () => {
    let resolve!: (v: Awaited<ReturnType<typeof api.page>>) => void;
    api.page.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    renderAt();
    expect(screen.getByTestId('chats-skeleton')).toBeTruthy();
    await act(async () => resolve({ records: [], count: 0, hasMore: false }));
    expect(screen.getByTestId('chats-empty').textContent).toContain('Nenhum registro');
    expect(screen.getByTestId('chat-none')).toBeTruthy();
  });

  it('offers edit and delete only on the chats I own', async () => {
    renderAt();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(item(10)).queryByTestId('chat-edit')).toBeTruthy();
    expect(within(item(10)).queryByTestId('chat-delete')).toBeTruthy();
    expect(within(item(11)).queryByTestId('chat-edit')).toBeNull();
    expect(within(item(11)).queryByTestId('chat-delete')).toBeNull();
  });

  it('opening a chat shows its messages and clears my unread count', async () => {
    renderAt();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(within(item(10)).getByTestId('chat-item-unread').textContent).toBe('2');
    fireEvent.click(item(10));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/chats/${mine.uuid}`));
    await waitFor(() => expect(screen.getAllByTestId('chat-message-text').map((m) => m.textContent)).toEqual(['Bom dia']));
    expect(api.messages).toHaveBeenCalledWith(10, 1);
    expect(api.read).toHaveBeenCalledWith(10, 1);
    expect(within(item(10)).queryByTestId('chat-item-unread')).toBeNull();
  });

  it('Enter sends, Shift+Enter does not, blank text is ignored', async () => {
    api.send.mockResolvedValue(makeChatMessage({ id: 2, chatId: 10, senderId: 1, sender: { id: 1, name: 'Ana' }, message: 'Olá, equipe' }));
    renderAt(`/chats/${mine.uuid}`);
    const input = await screen.findByTestId('chat-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Olá, equipe' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(api.send).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(api.send).toHaveBeenCalledWith(10, 'Olá, equipe'));
    expect(api.send).toHaveBeenCalledTimes(1);
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
    const last = screen.getAllByTestId('chat-message').at(-1)!;
    expect([last.getAttribute('data-mine'), last.textContent]).toEqual(['true', expect.stringContaining('Olá, equipe')]);
  });

  it("adds a message heard on the chat's channel once, even when the send's answer brings it too", async () => {
    renderAt(`/chats/${mine.uuid}`);
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(1));
    const newMessage = makeChatMessage({ id: 7, chatId: 10, message: 'Chegou agora' });
    emit('chat-10', { action: 'new-message', newMessage, chat: mine });
    emit('chat-10', { action: 'new-message', newMessage, chat: mine });
    expect(screen.getAllByTestId('chat-message-text').map((m) => m.textContent)).toEqual(['Bom dia', 'Chegou agora']);
  });

  it('loads the older page when the conversation is scrolled near its top, above the messages already shown', async () => {
    api.messages.mockImplementation(async (_id: number, page: number) =>
      page === 1
        ? { records: [makeChatMessage({ id: 21, chatId: 10, message: 'recente' })], count: 21, hasMore: true }
        : { records: [makeChatMessage({ id: 1, chatId: 10, message: 'antiga' })], count: 21, hasMore: false },
    );
    renderAt(`/chats/${mine.uuid}`);
    await waitFor(() => expect(screen.getAllByTestId('chat-message-text').map((m) => m.textContent)).toEqual(['recente']));
    fireEvent.scroll(screen.getByTestId('chat-messages'));
    await waitFor(() => expect(screen.getAllByTestId('chat-message-text').map((m) => m.textContent)).toEqual(['antiga', 'recente']));
    expect(api.messages).toHaveBeenLastCalledWith(10, 2);
    fireEvent.scroll(screen.getByTestId('chat-messages'));
    expect(api.messages).toHaveBeenCalledTimes(2);
  });

  it("refuses to save the dialog without a title or users, with the spec's texts; then creates and opens the chat", async () => {
    const created = makeChat({ id: 12, title: 'Plantão', updatedAt: '2026-11-26T13:00:00.000Z' });
    api.create.mockResolvedValue(created);
    const success = vi.spyOn(toast, 'success');
    renderAt();
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('chats-new'));
    fireEvent.click(await screen.findByTestId('chat-save'));
    expect(await screen.findByText('Por favor, preencha o título da conversa.')).toBeTruthy();
    expect(await screen.findByText('Por favor, selecione pelo menos um usuário.')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('chat-title'), { target: { value: 'Plantão' } });
    const select = within(screen.getByTestId('chat-users')).getByRole('combobox');
    fireEvent.mouseDown(select);
    // I am always a member: not offered.
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2));
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Caio"]')!);
    fireEvent.click(screen.getByTestId('chat-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ title: 'Plantão', users: [3] }));
    expect(success).toHaveBeenCalledWith('Conversa salva.');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/chats/${created.uuid}`));
    expect(items().map((i) => i.getAttribute('data-id'))).toEqual(['12', '10', '11']);
  });

  it('deletes my chat after the confirmation', async () => {
    const success = vi.spyOn(toast, 'success');
    renderAt();
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(within(item(10)).getByTestId('chat-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('chat-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(10));
    await waitFor(() => expect(items().map((i) => i.getAttribute('data-id'))).toEqual(['11']));
    expect(success).toHaveBeenCalledWith('Conversa excluída.');
  });

  it('a chat deleted elsewhere (or that I was taken out of) takes the open page back to /chats', async () => {
    renderAt(`/chats/${mine.uuid}`);
    await screen.findByTestId('chat-conversation');
    act(() => useChats.getState().remove(10));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/chats'));
    expect(screen.getByTestId('chat-none')).toBeTruthy();
  });

  it("on a narrow screen shows the tabs 'Chats' and 'Mensagens', and opening a chat switches to its messages", async () => {
    narrow = true;
    renderAt();
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.getByTestId('chats-page').getAttribute('data-layout')).toBe('narrow');
    expect(screen.getByTestId('chats-tab-chats').textContent).toBe('Chats');
    expect(screen.getByTestId('chats-tab-messages').textContent).toBe('Mensagens');
    fireEvent.click(item(11));
    await waitFor(() => expect(screen.getByTestId('chat-conversation').getAttribute('data-chat-id')).toBe('11'));
    expect(screen.getByTestId('chat-conversation').closest('[role="tabpanel"]')!.getAttribute('style')).toContain('display: flex');
  });
});
