// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import './virtuoso.testing';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageDto } from '@balcao/shared';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { bindToastApi } from '../../lib/toast';
import { messagesApi, type MessagesPage } from './messages.api';
import { MessageList } from './MessageList';
import { useConversation } from './messages.store';

vi.mock('./messages.api', () => ({
  messagesApi: { ticket: vi.fn(), list: vi.fn(), markRead: vi.fn(), send: vi.fn(), forward: vi.fn(), searchContacts: vi.fn() },
}));
const api = vi.mocked(messagesApi);
configure({ asyncUtilTimeout: 8000 });

const ticket = makeTicket({ id: 8, status: 'open', userId: 1 });
const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute).toISOString();
const msg = (id: number, over: Partial<MessageDto> = {}) => makeMessage({ id, ticketId: 8, body: `m${id}`, createdAt: at(10, 9, id % 60), ...over });

const renderList = async () => {
  const view = render(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 40 }}>
      <div style={{ height: 2000, display: 'flex', flexDirection: 'column' }}>
        <MessageList />
      </div>
    </VirtuosoMockContext.Provider>,
  );
  // The list mounts its rows once it has scrolled to the newest (a frame later).
  if (useConversation.getState().messages.length > 0) await screen.findAllByTestId('message');
  return view;
};

const page = (messages: MessageDto[], hasMore: boolean, extra: Partial<MessagesPage> = {}): MessagesPage => ({ messages, hasMore, count: messages.length, ticket, ...extra });

const show = (messages: MessageDto[], over: Partial<ReturnType<typeof useConversation.getState>> = {}) =>
  useConversation.setState({ uuid: ticket.uuid, ticket, messages, page: 1, hasMore: false, loading: false, tickets: [], ...over });

const toasts = { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn() };

beforeEach(() => {
  bindToastApi(toasts);
  useConversation.getState().clear();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  vi.useRealTimers();
  bindToastApi(null);
});

const bodies = () => screen.queryAllByTestId('message').map((m) => m.getAttribute('data-message-id'));

describe('MessageList', { timeout: 60_000 }, () => {
  it('shows the spec empty state for a conversation with no messages', async () => {
    show([]);
    await renderList();
    expect(screen.getByText('Diga olá para seu novo contato!')).toBeTruthy();
  });

  it('draws date separators (dd/MM/yyyy) and, between tickets, when the earlier ticket started and closed', async () => {
    show(
      [
        msg(1, { ticketId: 4, createdAt: at(9, 9) }),
        msg(2, { ticketId: 4, createdAt: at(9, 10) }),
        msg(3, { ticketId: 8, createdAt: at(10, 8) }),
      ],
      { tickets: [{ id: 4, createdAt: at(9, 8, 30), closedAt: at(9, 11, 15) }] },
    );
    await renderList();
    expect(screen.getAllByTestId('date-separator').map((d) => d.textContent)).toEqual(['09/03/2025', '10/03/2025']);
    const marker = screen.getByTestId('ticket-marker');
    expect(marker.getAttribute('data-ticket-id')).toBe('8');
    expect(within(marker).getByTestId('ticket-marker-span').textContent).toBe('Atendimento #4: iniciado em 09/03/2025 08:30, encerrado em 09/03/2025 11:15');
    expect(marker.textContent).toContain('Atendimento #8');
  });

  it('without ticket dates from the server the marker still names the new ticket', async () => {
    show([msg(1, { ticketId: 4 }), msg(2, { ticketId: 8 })]);
    await renderList();
    expect(screen.getByTestId('ticket-marker').textContent).toBe('Atendimento #8');
    expect(screen.queryByTestId('ticket-marker-span')).toBeNull();
  });

  it('mounts only the rows near the screen of a 10,000-message conversation', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => msg(i + 1, { createdAt: new Date(Date.UTC(2025, 2, 10, 12, 0, i)).toISOString() }));
    show(many);
    await renderList();
    const shown = bodies();
    // e2e finds messages inside the list by its test id.
    expect(within(screen.getByTestId('message-list')).getAllByTestId('message')).toHaveLength(shown.length);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(200);
    // It opens at the newest message.
    expect(shown).toContain('10000');
  });

  it('follows new newest messages to the bottom', async () => {
    const stamp = (i: number) => new Date(Date.UTC(2025, 2, 10, 12, 0, i)).toISOString();
    show(Array.from({ length: 300 }, (_, i) => msg(i + 1, { createdAt: stamp(i) })));
    await renderList();
    expect(bodies()).toContain('300');
    // A burst of 20 (more than the rows mounted below the screen): the list goes down to the last.
    act(() =>
      useConversation.setState((s) => ({
        messages: [...s.messages, ...Array.from({ length: 20 }, (_, i) => msg(301 + i, { createdAt: stamp(400 + i) }))],
        tailVersion: s.tailVersion + 1,
      })),
    );
    await waitFor(() => expect(bodies()).toContain('320'));
    expect(bodies()).not.toContain('250');
  });

  it('loads the previous page when the reader reaches the top, keeping what is on screen', async () => {
    const newest = Array.from({ length: 5 }, (_, i) => msg(100 + i));
    const older = Array.from({ length: 5 }, (_, i) => msg(10 + i));
    api.list.mockResolvedValue(page(older, false));
    show(newest, { hasMore: true });
    await renderList();
    // The first page is shorter than the screen: the top is reached at once, as spec §9 asks.
    await waitFor(() => expect(api.list).toHaveBeenCalledWith(8, 2));
    await waitFor(() => expect(bodies()).toEqual(['10', '11', '12', '13', '14', '100', '101', '102', '103', '104']));
    expect(api.list).toHaveBeenCalledTimes(1);
  });

  it('an older page prepended above keeps the same messages on screen (no jump)', async () => {
    const stamp = (i: number) => new Date(Date.UTC(2025, 2, 10, 12, 0, i)).toISOString();
    show(Array.from({ length: 300 }, (_, i) => msg(i + 1, { createdAt: stamp(1000 + i) })));
    api.list.mockResolvedValue(page(Array.from({ length: 100 }, (_, i) => msg(5001 + i, { createdAt: stamp(i) })), false));
    await renderList();
    const scroller = document.querySelector('[data-virtuoso-scroller]')!;
    // jsdom keeps scrollTop at 0 while the mock shows the end: put the scroller where a browser has it.
    act(() => scroller.scrollTo({ top: 301 * 40 }));
    act(() => useConversation.setState({ hasMore: true }));
    expect(api.list).not.toHaveBeenCalled();
    act(() => scroller.scrollTo({ top: 0 }));
    await waitFor(() => expect(api.list).toHaveBeenCalledWith(8, 2));
    await waitFor(() => expect(useConversation.getState().messages).toHaveLength(400));
    await waitFor(() => expect(bodies()).toContain('5100'));
    // The reader still sees the message that was at the top; the new page is above it.
    expect(bodies()).toContain('1');
    expect(bodies()).not.toContain('5001');
  });

  it('clicking a quote fetches older pages until the quoted message is here, then marks it', async () => {
    const quoted = msg(5, { body: 'o original' });
    const reply = msg(50, { body: 'a resposta', quotedMsg: { id: 5, body: 'o original', fromMe: false, mediaType: null } });
    show([msg(40), reply], { hasMore: true, loading: true }); // loading: no automatic top fetch
    await renderList();
    api.list.mockResolvedValueOnce(page([msg(20)], true)).mockResolvedValueOnce(page([quoted, msg(6)], false));
    // Clicked while a page is on its way: the search waits for it, then goes on.
    fireEvent.click(within(screen.getByText('a resposta').closest('[data-testid="message"]') as HTMLElement).getByTestId('message-quoted'));
    expect(api.list).not.toHaveBeenCalled();
    act(() => useConversation.setState({ loading: false }));
    await waitFor(() => expect(document.querySelector('[data-message-id="5"]')?.getAttribute('data-highlighted')).toBe('true'));
    expect(api.list.mock.calls.map((c) => c[1])).toEqual([2, 3]);
  });

  it('a quote of a message no longer in the conversation says so', async () => {
    const reply = msg(50, { body: 'a resposta', quotedMsg: { id: 999, body: 'sumiu', fromMe: true, mediaType: null } });
    show([reply]);
    await renderList();
    fireEvent.click(screen.getByTestId('message-quoted'));
    await waitFor(() => expect(toasts.info).toHaveBeenCalledWith('A mensagem citada não está mais nesta conversa', 2));
  });

  it('forward mode: a checkbox per message, the count, and the spec error when none is chosen', async () => {
    show([msg(1), msg(2)]);
    await renderList();
    act(() => useConversation.getState().setSelecting(true));
    expect(screen.getAllByTestId('message-select')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('forward-open'));
    expect(toasts.error).toHaveBeenCalledWith('Nenhuma mensagem selecionada', 2);
    fireEvent.click(screen.getAllByTestId('message')[1]!);
    expect(useConversation.getState().selected).toEqual([2]);
    expect(screen.getByTestId('forward-count').textContent).toBe('1 selecionada(s)');
    fireEvent.click(screen.getByTestId('forward-cancel'));
    expect(useConversation.getState().selecting).toBe(false);
    expect(screen.queryAllByTestId('message-select')).toHaveLength(0);
  });
});
