// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTicket } from '../../test/fixtures';
import { emptyLists, type Viewer } from './tickets.logic';
import { useTickets } from './tickets.store';

const agent: Viewer = { id: 7, profile: 'user', super: false, queueIds: [5], allTicket: 'disabled', showAll: false };
const admin: Viewer = { id: 1, profile: 'admin', super: false, queueIds: [], allTicket: 'disabled', showAll: true };

const ids = (key: 'open' | 'pending' | 'closed') => useTickets.getState().lists[key].tickets.map((t) => t.id);
const count = (key: 'open' | 'pending' | 'closed') => useTickets.getState().lists[key].count;

describe('tickets store upsert', () => {
  beforeEach(() => {
    useTickets.getState().reset();
    useTickets.setState({ viewer: agent, lists: emptyLists() });
  });

  it('puts a new pending ticket in the waiting list and counts it', () => {
    useTickets.getState().upsert(makeTicket({ id: 1, status: 'pending' }));
    expect(ids('pending')).toEqual([1]);
    expect(count('pending')).toBe(1);
    expect(ids('open')).toEqual([]);
  });

  it('moves an accepted ticket from waiting to open, and counts follow', () => {
    const store = useTickets.getState();
    store.upsert(makeTicket({ id: 1, status: 'pending' }));
    store.upsert(makeTicket({ id: 2, status: 'pending' }));
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 7, user: { id: 7, name: 'Ana' } }));
    expect(ids('pending')).toEqual([2]);
    expect(ids('open')).toEqual([1]);
    expect([count('open'), count('pending')]).toEqual([1, 1]);
  });

  it('moves a closed ticket to the resolved list and back to open when reopened', () => {
    const store = useTickets.getState();
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 7 }));
    store.upsert(makeTicket({ id: 1, status: 'closed', userId: 7 }));
    expect([ids('open'), ids('closed')]).toEqual([[], [1]]);
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 7 }));
    expect([ids('open'), ids('closed')]).toEqual([[1], []]);
    expect([count('open'), count('closed')]).toEqual([1, 0]);
  });

  it('keeps a closed ticket out of the open list when a late event carries an older, open state of it', () => {
    const store = useTickets.getState();
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 7, updatedAt: '2025-03-10T12:00:01.000Z' }));
    store.upsert(makeTicket({ id: 1, status: 'closed', userId: 7, updatedAt: '2025-03-10T12:00:02.000Z' }));
    // An ack committed just after the close, its ticket read just before it.
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 7, updatedAt: '2025-03-10T12:00:01.000Z' }));
    expect([ids('open'), ids('closed')]).toEqual([[], [1]]);
    expect([count('open'), count('closed')]).toEqual([0, 1]);
    // Out of every list (another agent's view) the newest state seen still counts.
    store.remove(1);
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 7, updatedAt: '2025-03-10T12:00:01.000Z' }));
    expect(ids('open')).toEqual([]);
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 7, updatedAt: '2025-03-10T12:00:03.000Z' })); // reopened
    expect(ids('open')).toEqual([1]);
  });

  it('does not count the same ticket twice when it is updated in place', () => {
    const store = useTickets.getState();
    store.upsert(makeTicket({ id: 1, status: 'pending', lastMessage: 'a' }));
    store.upsert(makeTicket({ id: 1, status: 'pending', lastMessage: 'b' }));
    expect(count('pending')).toBe(1);
    expect(useTickets.getState().lists.pending.tickets[0]?.lastMessage).toBe('b');
  });

  it('drops a ticket transferred to another agent from my open list', () => {
    const store = useTickets.getState();
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 7 }));
    store.upsert(makeTicket({ id: 1, status: 'open', userId: 99 }));
    expect(ids('open')).toEqual([]);
    expect(count('open')).toBe(0);
  });

  it('ignores waiting tickets of queues the agent is not in', () => {
    useTickets.getState().upsert(makeTicket({ id: 1, status: 'pending', queueId: 42 }));
    expect(ids('pending')).toEqual([]);
  });

  it('shows everybody’s open tickets to an admin with show-all on', () => {
    useTickets.setState({ viewer: admin });
    useTickets.getState().upsert(makeTicket({ id: 1, status: 'open', userId: 99 }));
    expect(ids('open')).toEqual([1]);
  });

  it('keeps the newest ticket first', () => {
    const store = useTickets.getState();
    store.upsert(makeTicket({ id: 1, updatedAt: '2025-03-10T10:00:00.000Z' }));
    store.upsert(makeTicket({ id: 2, updatedAt: '2025-03-10T11:00:00.000Z' }));
    store.upsert(makeTicket({ id: 1, updatedAt: '2025-03-10T12:00:00.000Z' }));
    expect(ids('pending')).toEqual([1, 2]);
  });

  it('removes a deleted ticket from every list and decrements the count', () => {
    const store = useTickets.getState();
    store.upsert(makeTicket({ id: 1, status: 'pending' }));
    store.remove(1);
    expect(ids('pending')).toEqual([]);
    expect(count('pending')).toBe(0);
  });

  it('puts bot-held (attending) tickets with the waiting ones', () => {
    useTickets.getState().upsert(makeTicket({ id: 3, status: 'attending' }));
    expect(ids('pending')).toEqual([3]);
  });
});

describe('tickets store contact updates', () => {
  it('renames the contact on every ticket of that contact', () => {
    useTickets.setState({ viewer: agent, lists: emptyLists() });
    const store = useTickets.getState();
    store.upsert(makeTicket({ id: 1, status: 'pending', contactId: 10 }));
    store.upsert(makeTicket({ id: 2, status: 'pending', contactId: 11, contact: { id: 11, name: 'Outro', number: '1', profilePicUrl: '' } }));
    store.applyContact({ id: 10, name: 'Maria S.', number: '5511999990000', profilePicUrl: '' });
    expect(useTickets.getState().lists.pending.tickets.map((t) => t.contact.name).sort()).toEqual(['Maria S.', 'Outro']);
  });
});
