// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { messagesApi } from './messages.api';
import { setConversationElement, useConversation } from './messages.store';

vi.mock('./messages.api', () => ({ messagesApi: { ticket: vi.fn(), list: vi.fn(), markRead: vi.fn(), send: vi.fn() } }));
const api = vi.mocked(messagesApi);

const ticket = makeTicket({ id: 42, status: 'open', userId: 1, unreadMessages: 0 });
let focused = true;

beforeEach(() => {
  focused = true;
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  api.markRead.mockResolvedValue({ ...ticket, unreadMessages: 0 });
  useConversation.setState({ uuid: ticket.uuid, ticket, messages: [makeMessage({ id: 1, ticketId: 42 })], page: 1 });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  useConversation.getState().clear();
});

const arrives = (over: Parameters<typeof makeMessage>[0]) =>
  useConversation.getState().applyMessage(makeMessage({ ticketId: 42, createdAt: '2025-03-10T13:00:00.000Z', ...over }), { ...ticket, unreadMessages: 1 });

describe('a message arriving in the conversation on screen (issue 9, item 6)', () => {
  it('counts as read when the window is focused: the server is told at once', async () => {
    arrives({ id: 2, fromMe: false });
    expect(api.markRead).toHaveBeenCalledWith(42);
    await vi.waitFor(() => expect(useConversation.getState().ticket?.unreadMessages).toBe(0));
  });

  it('stays unread while the window is not focused', () => {
    focused = false;
    arrives({ id: 2, fromMe: false });
    expect(api.markRead).not.toHaveBeenCalled();
    expect(useConversation.getState().ticket?.unreadMessages).toBe(1);
  });

  it('stays unread while the conversation is kept behind another tab (narrow screens)', () => {
    const el = document.createElement('div');
    let shown = false;
    (el as Element & { checkVisibility: () => boolean }).checkVisibility = () => shown;
    setConversationElement(el);
    arrives({ id: 2, fromMe: false });
    expect(api.markRead).not.toHaveBeenCalled();
    shown = true;
    arrives({ id: 3, fromMe: false });
    expect(api.markRead).toHaveBeenCalledTimes(1);
    setConversationElement(null);
  });

  it('is not asked for the agent’s own messages nor for updates of known ones', () => {
    arrives({ id: 2, fromMe: true });
    arrives({ id: 1, fromMe: false, ack: 3 });
    expect(api.markRead).not.toHaveBeenCalled();
  });

  it('a burst of messages asks at most once more while one read is on its way', async () => {
    let release: () => void = () => undefined;
    api.markRead.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve({ ...ticket, unreadMessages: 0 }))));
    arrives({ id: 2 });
    arrives({ id: 3 });
    arrives({ id: 4 });
    expect(api.markRead).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() => expect(api.markRead).toHaveBeenCalledTimes(2));
  });

  it('messages of another ticket are not this conversation’s', () => {
    useConversation.getState().applyMessage(makeMessage({ id: 9, ticketId: 7 }), makeTicket({ id: 7, unreadMessages: 1 }));
    expect(api.markRead).not.toHaveBeenCalled();
  });
});

describe('the conversation’s ticket only moves forward', () => {
  it('keeps the closed ticket when an ack of the last reply arrives carrying it still open', () => {
    const closed = { ...ticket, status: 'closed' as const, updatedAt: '2025-03-10T12:00:02.000Z' };
    useConversation.getState().applyTicket(closed);
    // The ack's transaction read the ticket a moment before the close committed.
    useConversation.getState().applyMessage(makeMessage({ id: 1, ticketId: 42, fromMe: true, ack: 4 }), { ...ticket, updatedAt: '2025-03-10T12:00:01.000Z' });
    expect(useConversation.getState().ticket?.status).toBe('closed');
    expect(useConversation.getState().messages.find((m) => m.id === 1)?.ack).toBe(4); // the message itself is applied
    useConversation.getState().applyTicket({ ...ticket, updatedAt: '2025-03-10T12:00:01.500Z' });
    expect(useConversation.getState().ticket?.status).toBe('closed');
    useConversation.getState().applyTicket({ ...ticket, updatedAt: '2025-03-10T12:00:03.000Z' }); // reopened later
    expect(useConversation.getState().ticket?.status).toBe('open');
  });
});

describe('refresh after a reconnect (issue 16 §4)', () => {
  it('merges the newest page: what arrived while away is added, changed messages take the server’s copy, nothing is blanked', async () => {
    useConversation.setState({ messages: [makeMessage({ id: 1, ticketId: 42, ack: 1 }), makeMessage({ id: 2, ticketId: 42, fromMe: true, ack: 0, createdAt: '2025-03-10T12:30:00.000Z' })] });
    api.list.mockResolvedValueOnce({
      messages: [makeMessage({ id: 2, ticketId: 42, fromMe: true, ack: 3, createdAt: '2025-03-10T12:30:00.000Z' }), makeMessage({ id: 3, ticketId: 42, body: 'enquanto isso', createdAt: '2025-03-10T13:00:00.000Z' })],
      hasMore: true,
      count: 3,
      ticket: { ...ticket, lastMessage: 'enquanto isso' },
    } as never);
    const before = useConversation.getState().tailVersion;
    await useConversation.getState().refresh();
    const s = useConversation.getState();
    expect(api.list).toHaveBeenCalledWith(42, 1);
    expect(s.messages.map((m) => [m.id, m.ack])).toEqual([
      [1, 1],
      [2, 3],
      [3, 0],
    ]);
    expect(s.ticket?.lastMessage).toBe('enquanto isso');
    expect(s.tailVersion).toBe(before + 1);
    expect(s.page).toBe(1);
  });
});

describe("a Cloud API ticket's 24-hour window (decision 0391)", () => {
  it("is the page's on open and after a refresh; absent on other connections", async () => {
    api.ticket.mockResolvedValue(ticket);
    api.list.mockResolvedValueOnce({ messages: [], ticket, count: 0, hasMore: false, window: { open: false, closesAt: '2025-03-10T13:00:00.000Z' } });
    await useConversation.getState().open(ticket.uuid);
    expect(useConversation.getState().window).toEqual({ open: false, closesAt: '2025-03-10T13:00:00.000Z' });
    api.list.mockResolvedValueOnce({ messages: [], ticket, count: 0, hasMore: false });
    await useConversation.getState().refresh();
    expect(useConversation.getState().window).toBeNull();
  });

  it("opens for 24 hours from the customer's new message; the agent's own messages change nothing", () => {
    useConversation.setState({ window: { open: false, closesAt: '2025-03-09T10:00:00.000Z' } });
    arrives({ id: 2, fromMe: true });
    expect(useConversation.getState().window?.open).toBe(false);
    arrives({ id: 3, fromMe: false });
    expect(useConversation.getState().window).toEqual({ open: true, closesAt: '2025-03-11T13:00:00.000Z' });
  });
});
