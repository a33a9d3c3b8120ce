import { create } from 'zustand';
import type { TicketDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { ticketsApi } from './tickets.api';
import {
  emptyList,
  emptyLists,
  isStale,
  mergePage,
  readQueueSelection,
  saveQueueSelection,
  removeTicket,
  replaceIn,
  upsertTicket,
  type ListKey,
  type TicketList,
  type TicketLists,
  type Viewer,
} from './tickets.logic';

export interface TicketFilters {
  /** The queue multi-select (all lists); empty: every queue. */
  queueIds: number[];
  /** Search tab only. */
  tags: number[];
  users: number[];
}

const noFilters = (): TicketFilters => ({ queueIds: [], tags: [], users: [] });

interface TicketsState {
  viewer: Viewer | null;
  filters: TicketFilters;
  /** Changes filters; a new queue selection reloads the lists. */
  setFilters: (patch: Partial<TicketFilters>) => void;
  lists: TicketLists;
  search: TicketList & { term: string };
  setViewer: (viewer: Viewer | null) => void;
  setShowAll: (showAll: boolean) => void;
  load: (key: ListKey, page?: number) => Promise<void>;
  runSearch: (term: string, page?: number) => Promise<void>;
  upsert: (ticket: TicketDto) => void;
  remove: (ticketId: number) => void;
  applyContact: (contact: TicketDto['contact']) => void;
  reset: () => void;
}

// Bot-held (attending) tickets wait in the pending tab, so that tab asks for both statuses.
const statusesOf = (key: ListKey) => (key === 'pending' ? (['pending', 'attending'] as const) : ([key] as const));

const fetchPage = async (key: ListKey, page: number, showAll: boolean, queueIds: readonly number[]) => {
  const answers = await Promise.all(statusesOf(key).map((status) => ticketsApi.list({ status, pageNumber: page, showAll, queueIds })));
  return {
    tickets: answers.flatMap((a) => a.tickets),
    count: answers.reduce((n, a) => n + a.count, 0),
    hasMore: answers.some((a) => a.hasMore),
  };
};

let searchSeq = 0;
// The newest updatedAt seen per ticket (ms), kept after it leaves every list: a late event
// with an older state of it (isStale) must not put a closed ticket back under Atendendo.
const seenAt = new Map<number, number>();

export const useTickets = create<TicketsState>((set, get) => ({
  viewer: null,
  filters: noFilters(),
  lists: emptyLists(),
  search: { ...emptyList(), term: '' },
  // The viewer's kept queue selection applies from the first page on.
  setViewer: (viewer) => set({ viewer, filters: { ...noFilters(), queueIds: viewer ? readQueueSelection(viewer.id) : [] } }),
  setFilters: (patch) => {
    const before = get().filters.queueIds;
    set((s) => ({ filters: { ...s.filters, ...patch } }));
    const queuesChanged = patch.queueIds !== undefined && JSON.stringify(before) !== JSON.stringify(patch.queueIds);
    const viewer = get().viewer;
    if (queuesChanged && viewer) {
      saveQueueSelection(viewer.id, patch.queueIds ?? []);
      set({ lists: emptyLists() });
      for (const key of ['open', 'pending', 'closed'] as const) void get().load(key, 1);
    }
  },
  setShowAll: (showAll) => {
    const viewer = get().viewer;
    if (!viewer) return;
    set({ viewer: { ...viewer, showAll }, lists: emptyLists() });
    for (const key of ['open', 'pending', 'closed'] as const) void get().load(key, 1);
  },
  load: async (key, page = 1) => {
    const viewer = get().viewer;
    if (!viewer) return;
    set((s) => ({ lists: { ...s.lists, [key]: { ...s.lists[key], loading: true } } }));
    try {
      const res = await fetchPage(key, page, viewer.showAll, get().filters.queueIds);
      set((s) => {
        const current = page === 1 ? [] : s.lists[key].tickets;
        const list: TicketList = { tickets: mergePage(current, res.tickets), count: res.count, page, hasMore: res.hasMore, loading: false };
        return { lists: { ...s.lists, [key]: list } };
      });
    } catch (err) {
      set((s) => ({ lists: { ...s.lists, [key]: { ...s.lists[key], loading: false } } }));
      toastError(err);
    }
  },
  runSearch: async (term, page = 1) => {
    const viewer = get().viewer;
    const seq = ++searchSeq;
    set((s) => ({ search: { ...s.search, term, loading: true } }));
    try {
      const { queueIds, tags, users } = get().filters;
      const res = await ticketsApi.list({ searchParam: term || undefined, pageNumber: page, showAll: viewer?.showAll, queueIds, tags, users });
      if (seq !== searchSeq) return; // a newer search has started; drop this answer
      set((s) => ({
        search: {
          term,
          tickets: mergePage(page === 1 ? [] : s.search.tickets, res.tickets),
          count: res.count,
          page,
          hasMore: res.hasMore,
          loading: false,
        },
      }));
    } catch (err) {
      if (seq === searchSeq) set((s) => ({ search: { ...s.search, loading: false } }));
      toastError(err);
    }
  },
  upsert: (ticket) => {
    const viewer = get().viewer;
    if (!viewer || isStale(ticket, seenAt.get(ticket.id))) return;
    const at = Date.parse(ticket.updatedAt);
    if (!Number.isNaN(at)) seenAt.set(ticket.id, at);
    set((s) => ({
      lists: upsertTicket(s.lists, ticket, viewer, s.filters.queueIds),
      search: { ...s.search, tickets: replaceIn(s.search.tickets, ticket) },
    }));
  },
  remove: (ticketId) =>
    set((s) => ({
      lists: removeTicket(s.lists, ticketId),
      search: { ...s.search, tickets: s.search.tickets.filter((t) => t.id !== ticketId) },
    })),
  applyContact: (contact) =>
    set((s) => {
      const patch = (tickets: TicketDto[]) => tickets.map((t) => (t.contactId === contact.id ? { ...t, contact } : t));
      const lists = { ...s.lists };
      for (const key of ['open', 'pending', 'closed'] as const) lists[key] = { ...s.lists[key], tickets: patch(s.lists[key].tickets) };
      return { lists, search: { ...s.search, tickets: patch(s.search.tickets) } };
    }),
  reset: () => {
    seenAt.clear();
    set({ viewer: null, filters: noFilters(), lists: emptyLists(), search: { ...emptyList(), term: '' } });
  },
}));
