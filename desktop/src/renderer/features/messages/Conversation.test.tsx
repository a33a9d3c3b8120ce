// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { Conversation } from './Conversation';
import { messagesApi } from './messages.api';

// The history and composer have their own tests; here only what showing a ticket asks of the server.
vi.mock('./MessageList', () => ({ MessageList: () => null }));
vi.mock('./composer/Composer', () => ({ Composer: () => null }));
vi.mock('./messages.api', () => ({ messagesApi: { ticket: vi.fn(), list: vi.fn(), markRead: vi.fn(), send: vi.fn() } }));
const messages = vi.mocked(messagesApi);
configure({ asyncUtilTimeout: 8000 });

const ticket = makeTicket({ id: 42, status: 'open', userId: 1, unreadMessages: 3 });

beforeEach(() => {
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'user', companyId: 1, name: 'Ana' } as SessionUserDto });
  messages.ticket.mockResolvedValue(ticket);
  messages.list.mockResolvedValue({ messages: [makeMessage({ ticketId: 42, body: 'Oi' })], count: 1, hasMore: false, ticket });
  messages.markRead.mockResolvedValue({ ...ticket, unreadMessages: 0 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Conversation', { timeout: 60_000 }, () => {
  it('showing a ticket marks it read, once, after its messages are loaded', async () => {
    render(
      <MemoryRouter>
        <Conversation uuid={ticket.uuid} header={() => null} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('conversation').getAttribute('data-ticket-id')).toBe('42'));
    await waitFor(() => expect(messages.markRead).toHaveBeenCalledWith(42));
    expect(messages.markRead).toHaveBeenCalledTimes(1);
    expect(messages.list).toHaveBeenCalledWith(42, 1);
    expect(messages.list.mock.invocationCallOrder[0]!).toBeLessThan(messages.markRead.mock.invocationCallOrder[0]!);
  });

  it('loading older messages does not mark anything read again', async () => {
    messages.list.mockResolvedValue({ messages: [makeMessage({ ticketId: 42 })], count: 2, hasMore: true, ticket });
    render(
      <MemoryRouter>
        <Conversation uuid={ticket.uuid} header={() => null} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(messages.markRead).toHaveBeenCalledTimes(1));
    const { useConversation } = await import('./messages.store');
    await useConversation.getState().loadOlder();
    expect(messages.list).toHaveBeenCalledWith(42, 2);
    expect(messages.markRead).toHaveBeenCalledTimes(1);
  });

  it('coming back to the window with unread messages on screen marks them read', async () => {
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    render(
      <MemoryRouter>
        <Conversation uuid={ticket.uuid} header={() => null} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(messages.markRead).toHaveBeenCalledTimes(1));
    const { useConversation } = await import('./messages.store');
    // Nothing unread: focusing asks nothing.
    useConversation.setState((s) => ({ ticket: { ...s.ticket!, unreadMessages: 0 } }));
    window.dispatchEvent(new Event('focus'));
    expect(messages.markRead).toHaveBeenCalledTimes(1);
    useConversation.setState((s) => ({ ticket: { ...s.ticket!, unreadMessages: 2 } }));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(messages.markRead).toHaveBeenCalledTimes(2));
    focus.mockRestore();
  });

  it('shown again (the narrow layout’s Ticket tab) with unread messages, marks them read', async () => {
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    let seen: (entries: { isIntersecting: boolean }[]) => void = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof seen) {
          seen = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(
      <MemoryRouter>
        <Conversation uuid={ticket.uuid} header={() => null} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(messages.markRead).toHaveBeenCalledTimes(1));
    const { useConversation } = await import('./messages.store');
    useConversation.setState((s) => ({ ticket: { ...s.ticket!, unreadMessages: 1 } }));
    seen([{ isIntersecting: false }]);
    expect(messages.markRead).toHaveBeenCalledTimes(1);
    seen([{ isIntersecting: true }]);
    await waitFor(() => expect(messages.markRead).toHaveBeenCalledTimes(2));
    vi.unstubAllGlobals();
    focus.mockRestore();
  });
});
