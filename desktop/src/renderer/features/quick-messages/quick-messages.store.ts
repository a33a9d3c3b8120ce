import { create } from 'zustand';
import type { QuickMessageDto } from '@balcao/shared';
import { quickMessagesApi } from './quick-messages.api';
import { removeRecord, upsertRecord } from './quick-messages.logic';

interface QuickMessagesState {
  records: QuickMessageDto[];
  count: number;
  hasMore: boolean;
  /** Loading the first page (skeleton) or the next one (button spinner). */
  loading: boolean;
  loaded: boolean;
  search: string;
  page: number;
  /** The first page for `search` (a new search starts over). */
  load: (search: string) => Promise<void>;
  loadMore: () => Promise<void>;
  upsert: (q: QuickMessageDto) => void;
  remove: (id: number) => void;
  reset: () => void;
}

const empty = { records: [], count: 0, hasMore: false, loading: false, loaded: false, search: '', page: 1 };
let generation = 0;

export const useQuickMessages = create<QuickMessagesState>((set, get) => ({
  ...empty,
  load: async (search) => {
    const mine = ++generation;
    set({ loading: true, search, page: 1 });
    try {
      const r = await quickMessagesApi.page(search, 1);
      // A later search (typed while this one loaded) wins.
      if (mine === generation) set({ records: r.records, count: r.count, hasMore: r.hasMore });
    } finally {
      // A failed load (its error is a toast) shows the empty table, not a skeleton forever.
      if (mine === generation) set({ loading: false, loaded: true });
    }
  },
  loadMore: async () => {
    const { search, page, hasMore, loading } = get();
    if (!hasMore || loading) return;
    const mine = ++generation;
    set({ loading: true });
    try {
      const r = await quickMessagesApi.page(search, page + 1);
      if (mine !== generation) return;
      let records = get().records;
      for (const q of r.records) records = upsertRecord(records, q, search).list;
      set({ records, count: r.count, hasMore: r.hasMore, page: page + 1 });
    } finally {
      if (mine === generation) set({ loading: false });
    }
  },
  upsert: (q) =>
    set((s) => {
      const { list, delta } = upsertRecord(s.records, q, s.search);
      return { records: list, count: s.count + delta };
    }),
  remove: (id) =>
    set((s) => {
      const { list, delta } = removeRecord(s.records, id);
      return { records: list, count: s.count + delta };
    }),
  reset: () => {
    generation++;
    set(empty);
  },
}));
