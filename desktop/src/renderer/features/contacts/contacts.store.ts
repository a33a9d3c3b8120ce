import { create } from 'zustand';
import type { ContactDto } from '@balcao/shared';
import { contactsApi } from './contacts.api';
import { removeContact, upsertContact } from './contacts.logic';

interface ContactsState {
  records: ContactDto[];
  count: number;
  hasMore: boolean;
  /** Loading the first page (skeleton) or the next one (spinner under the list). */
  loading: boolean;
  loaded: boolean;
  search: string;
  page: number;
  /** The first page for `search` (a new search starts over). */
  load: (search: string) => Promise<void>;
  loadMore: () => Promise<void>;
  upsert: (c: ContactDto) => void;
  remove: (id: number) => void;
  reset: () => void;
}

const empty = { records: [], count: 0, hasMore: false, loading: false, loaded: false, search: '', page: 1 };
let generation = 0;

export const useContacts = create<ContactsState>((set, get) => ({
  ...empty,
  load: async (search) => {
    const mine = ++generation;
    set({ loading: true, search, page: 1 });
    try {
      const r = await contactsApi.page(search, 1);
      // A later search (typed while this one loaded) wins.
      if (mine === generation) set({ records: r.contacts, count: r.count, hasMore: r.hasMore });
    } finally {
      // A failed load (its error is a toast) shows the empty list, not a skeleton forever.
      if (mine === generation) set({ loading: false, loaded: true });
    }
  },
  loadMore: async () => {
    const { search, page, hasMore, loading } = get();
    if (!hasMore || loading) return;
    const mine = ++generation;
    set({ loading: true });
    try {
      const r = await contactsApi.page(search, page + 1);
      if (mine !== generation) return;
      let records = get().records;
      for (const c of r.contacts) records = upsertContact(records, c, search, true).list;
      set({ records, count: r.count, hasMore: r.hasMore, page: page + 1 });
    } finally {
      if (mine === generation) set({ loading: false });
    }
  },
  upsert: (c) =>
    set((s) => {
      const { list, delta } = upsertContact(s.records, c, s.search, !s.hasMore);
      return { records: list, count: s.count + delta };
    }),
  remove: (id) =>
    set((s) => {
      const { list, delta } = removeContact(s.records, id);
      return { records: list, count: s.count + delta };
    }),
  reset: () => {
    generation++;
    set(empty);
  },
}));
