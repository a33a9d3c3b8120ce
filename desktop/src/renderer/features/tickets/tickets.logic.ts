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
export const belongsTo = (ticket: TicketDto, key: ListKey, viewer: Viewer, selectedQueueIds: readonly number[] = []): boolean => {
  if (listFor(ticket.status) !== key) return false;
  if (!canSeeTicket(viewer, ticket)) return false;
  // The queue multi-select (empty: every queue): the server filters pages the same way.
  if (selectedQueueIds.length && (ticket.queueId === null || !selectedQueueIds.includes(ticket.queueId))) return false;
  if (key === 'pending') return true;
  return viewer.showAll || ticket.userId === viewer.id;
};

/**
 * Whether `incoming` is an older state of a ticket than the one `heldAt` (its updatedAt, ms)
 * records. Events leave the server in commit order of the writes that emit them, but a message
 * event carries the ticket as its own transaction read it: an ack committed just after a close
 * may carry the ticket still open. Equal times count as current (a write that keeps updatedAt).
 */
export const isStale = (incoming: Pick<TicketDto, 'updatedAt'>, heldAt: number | undefined): boolean => {
  const at = Date.parse(incoming.updatedAt);
  return heldAt !== undefined && !Number.isNaN(at) && at < heldAt;
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
export const upsertTicket = (lists: TicketLists, ticket: TicketDto, viewer: Viewer, selectedQueueIds: readonly number[] = []): TicketLists => {
  const next = { ...lists };
  for (const key of listKeys) {
    next[key] = belongsTo(ticket, key, viewer, selectedQueueIds) ? withTicket(lists[key], ticket) : withoutTicket(lists[key], ticket.id);
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

/** The queue multi-select is kept per user on this device (attendance §2). */
export const queueSelectionKey = (userId: number): string => `balcao:tickets:queues:${userId}`;

export const readQueueSelection = (userId: number): number[] => {
  try {
    const raw = JSON.parse(localStorage.getItem(queueSelectionKey(userId)) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
};

export const saveQueueSelection = (userId: number, ids: readonly number[]): void => {
  try {
    localStorage.setItem(queueSelectionKey(userId), JSON.stringify(ids));
  } catch {
    // Storage full or disabled: the selection lasts for this session only.
  }
};

export type AgeTone = 'green' | 'orange' | 'red';
export interface AgeLabel {
  tone: AgeTone;
  unit: 'minutes' | 'hours' | 'days';
  value: number;
}

/**
 * The list item's age label (attendance §2): green 3–10 min, orange 30–59 min, red from 60 min
 * in hours, and in days after 24 h. Other ages show none (decision 0083).
 */
export const ageLabel = (sinceIso: string, now: number): AgeLabel | null => {
  const since = Date.parse(sinceIso);
  if (Number.isNaN(since)) return null;
  const minutes = Math.floor((now - since) / 60_000);
  if (minutes >= 3 && minutes <= 10) return { tone: 'green', unit: 'minutes', value: minutes };
  if (minutes >= 30 && minutes < 60) return { tone: 'orange', unit: 'minutes', value: minutes };
  if (minutes >= 60) {
    const hours = Math.floor(minutes / 60);
    return hours >= 24 ? { tone: 'red', unit: 'days', value: Math.floor(hours / 24) } : { tone: 'red', unit: 'hours', value: hours };
  }
  return null;
};
