import { canSeeTicket, type Actor, type TicketDto, type TicketStatus } from '@balcao/shared';

export type ListKey = 'open' | 'pending' | 'closed';
export const listKeys: readonly ListKey[] = ['open', 'pending', 'closed'];

export interface TicketList {
  tickets: TicketDto[];
  count: number;
  page: number;
  hasMore: boolean;
  loading: boolean;
}

export type TicketLists = Record<ListKey, TicketList>;

export interface Viewer extends Actor {
  /** Admin "show all" toggle: see everybody's open and closed tickets, not only mine. */
  showAll: boolean;
}

export const emptyList = (): TicketList => ({ tickets: [], count: 0, page: 0, hasMore: false, loading: false });
export const emptyLists = (): TicketLists => ({ open: emptyList(), pending: emptyList(), closed: emptyList() });

/** Which tab a status lives in: bot-held (attending) tickets wait with the pending ones. */
export const listFor = (status: TicketStatus): ListKey =>
  status === 'open' ? 'open' : status === 'closed' ? 'closed' : 'pending';

/** Whether the viewer's list `key` shows this ticket (status, visibility rule, show-all toggle). */
export const belongsTo = (ticket: TicketDto, key: ListKey, viewer: Viewer): boolean => {
  if (listFor(ticket.status) !== key) return false;
  if (!canSeeTicket(viewer, ticket)) return false;
  if (key === 'pending') return true;
  return viewer.showAll || ticket.userId === viewer.id;
};

const newestFirst = (a: TicketDto, b: TicketDto): number => Date.parse(b.updatedAt) - Date.parse(a.updatedAt);

const withTicket = (list: TicketList, ticket: TicketDto): TicketList => {
  const index = list.tickets.findIndex((t) => t.id === ticket.id);
  const rest = index >= 0 ? list.tickets.filter((t) => t.id !== ticket.id) : list.tickets;
  const tickets = [...rest, ticket].sort(newestFirst);
  return { ...list, tickets, count: index >= 0 ? list.count : list.count + 1 };
};

const withoutTicket = (list: TicketList, ticketId: number): TicketList => {
  if (!list.tickets.some((t) => t.id === ticketId)) return list;
  return { ...list, tickets: list.tickets.filter((t) => t.id !== ticketId), count: Math.max(0, list.count - 1) };
};

/** Puts the ticket in the one list it belongs to and takes it out of the others; counts follow. */
export const upsertTicket = (lists: TicketLists, ticket: TicketDto, viewer: Viewer): TicketLists => {
  const next = { ...lists };
  for (const key of listKeys) {
    next[key] = belongsTo(ticket, key, viewer) ? withTicket(lists[key], ticket) : withoutTicket(lists[key], ticket.id);
  }
  return next;
};

export const removeTicket = (lists: TicketLists, ticketId: number): TicketLists => {
  const next = { ...lists };
  for (const key of listKeys) next[key] = withoutTicket(lists[key], ticketId);
  return next;
};

/** Replaces a ticket where it already is (search results keep their own membership). */
export const replaceIn = (tickets: TicketDto[], ticket: TicketDto): TicketDto[] =>
  tickets.some((t) => t.id === ticket.id) ? tickets.map((t) => (t.id === ticket.id ? ticket : t)) : tickets;

/** Merges a page into a list, keeping order and dropping duplicates (an event may have come first). */
export const mergePage = (current: TicketDto[], page: TicketDto[]): TicketDto[] => {
  const byId = new Map(current.map((t) => [t.id, t]));
  for (const t of page) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()].sort(newestFirst);
};

/** What the dock/taskbar badge shows: tickets waiting plus unread messages in my open tickets. */
export const badgeCount = (lists: TicketLists): number =>
  lists.pending.count + lists.open.tickets.reduce((sum, t) => sum + (t.unreadMessages || 0), 0);
