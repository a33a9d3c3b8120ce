// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTicket } from '../../test/fixtures';
import { useConversation } from '../messages';
import { emptyLists, type Viewer } from './tickets.logic';
import { bindTicketSocket } from './tickets.socket';
import { useTickets } from './tickets.store';
import { notifyDesk } from '../desktop-notify';

vi.mock('../desktop-notify', () => ({ notifyDesk: vi.fn(async () => undefined) }));

const handlers = new Map<string, (p: unknown) => void>();
vi.mock('../../lib/socket', () => ({
  listen: (channel: string, handler: (p: unknown) => void) => {
    handlers.set(channel, handler);
    return () => handlers.delete(channel);
  },
}));

const agent: Viewer = { id: 7, profile: 'user', super: false, queueIds: [5], allTicket: 'disabled', showAll: false };
const waiting = makeTicket({ id: 1, status: 'pending' });
const ids = (list: 'open' | 'pending') => useTickets.getState().lists[list].tickets.map((t) => t.id);
const hear = (payload: unknown) => handlers.get('ticket')!(payload);

describe('ticket events on the wire (decision 0042)', () => {
  const onCurrentDeleted = vi.fn();
  let unbind: () => void;

  beforeEach(() => {
    useTickets.setState({ viewer: agent, lists: emptyLists() });
    useTickets.getState().upsert(waiting);
    useConversation.setState({ ticket: waiting });
    unbind = bindTicketSocket(onCurrentDeleted);
  });
  afterEach(() => {
    unbind();
    vi.clearAllMocks();
  });

  it('a status move (delete with movedFrom, then update) moves the ticket and keeps its conversation open', () => {
    hear({ action: 'delete', ticketId: 1, ticketUuid: waiting.uuid, movedFrom: 'pending' });
    hear({ action: 'update', ticket: { ...waiting, status: 'open', userId: 7 } });
    expect([ids('pending'), ids('open')]).toEqual([[], [1]]);
    expect(onCurrentDeleted).not.toHaveBeenCalled();
    expect(useConversation.getState().ticket?.status).toBe('open');
  });

  it('a plain delete (gone, or no longer visible) still drops it and leaves its conversation', () => {
    hear({ action: 'delete', ticketId: 1, ticketUuid: waiting.uuid });
    expect(ids('pending')).toEqual([]);
    expect(onCurrentDeleted).toHaveBeenCalledTimes(1);
  });

  it('updateUnread (after the update that cleared the count) changes nothing here', () => {
    expect(() => hear({ action: 'updateUnread', ticketId: 1 })).not.toThrow();
    expect(ids('pending')).toEqual([1]);
    expect(onCurrentDeleted).not.toHaveBeenCalled();
  });

  it('a new ticket arrives as an update and lands in its list', () => {
    hear({ action: 'update', ticket: makeTicket({ id: 2, status: 'pending', uuid: '00000000-0000-4000-8000-000000000002' }) });
    expect(ids('pending')).toEqual(expect.arrayContaining([1, 2]));
  });

  it('tells the notification rules whether an updated ticket was already waiting (they decide what rings)', () => {
    const fresh = makeTicket({ id: 2, status: 'pending', uuid: '00000000-0000-4000-8000-000000000002' });
    hear({ action: 'update', ticket: fresh });
    hear({ action: 'update', ticket: { ...fresh, lastMessage: 'de novo' } });
    hear({ action: 'update', ticket: { ...waiting, lastMessage: 'ainda esperando' } });
    expect(vi.mocked(notifyDesk).mock.calls.map(([e]) => (e.kind === 'ticket' ? [e.ticket.id, e.wasWaiting] : null))).toEqual([
      [2, false],
      [2, true],
      [1, true],
    ]);
  });
});
