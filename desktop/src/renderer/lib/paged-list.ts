import { create } from 'zustand';

/** One page of a searchable list as the screens' APIs answer it. */
export interface Page<T> {
  records: T[];
  count: number;
  hasMore: boolean;
}

/** Where a live or paged record lands: the new list and how the total changes. */
export type Placed<T> = { list: T[]; delta: number };

export interface PagedListState<T> {
  records: T[];
  count: number;
  hasMore: boolean;
  /** Loading the first page (skeleton) or the next one (spinner). */
  loading: boolean;
  loaded: boolean;
  search: string;
  page: number;
  /** The first page for `search` (a new search starts over). */
  load: (search: string) => Promise<void>;
  loadMore: () => Promise<void>;
  upsert: (record: T) => void;
  remove: (id: number) => void;
  reset: () => void;
}

/**
 * A searchable, paged, live list store (the /contacts and /quick-messages screens): a later
 * search wins over one still loading, pages merge without duplicates, socket events upsert and
 * remove. `complete` tells `place` whether the whole list is loaded (a record past the last page
 * must not be shown out of order).
 */
export const createPagedList = <T>(opts: {
  fetch: (search: string, page: number) => Promise<Page<T>>;
  place: (list: T[], record: T, search: string, complete: boolean) => Placed<T>;
  drop: (list: T[], id: number) => Placed<T>;
}) => {
  const empty = { records: [] as T[], count: 0, hasMore: false, loading: false, loaded: false, search: '', page: 1 };
  let generation = 0;
  /**
   * Live events heard while a first page loads: its answer may have been read before them (a
   * verdict committed while the request was on its way), so they are applied again on top of it.
   */
  let heardWhileLoading: ({ upsert: T } | { remove: number })[] = [];
  const replay = (records: T[], count: number, search: string, complete: boolean) => {
    for (const e of heardWhileLoading) {
      const { list, delta } = 'upsert' in e ? opts.place(records, e.upsert, search, complete) : opts.drop(records, e.remove);
      records = list;
      count += delta;
    }
    heardWhileLoading = [];
    return { records, count };
  };
  return create<PagedListState<T>>((set, get) => ({
    ...empty,
    load: async (search) => {
      const mine = ++generation;
      heardWhileLoading = [];
      set({ loading: true, search, page: 1 });
      try {
        const r = await opts.fetch(search, 1);
        // A later search (typed while this one loaded) wins.
        if (mine === generation) set({ ...replay(r.records, r.count, search, !r.hasMore), hasMore: r.hasMore });
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
        const r = await opts.fetch(search, page + 1);
        if (mine !== generation) return;
        let records = get().records;
        for (const x of r.records) records = opts.place(records, x, search, true).list;
        set({ records, count: r.count, hasMore: r.hasMore, page: page + 1 });
      } finally {
        if (mine === generation) set({ loading: false });
      }
    },
    upsert: (record) =>
      set((s) => {
        if (s.loading && s.page === 1) heardWhileLoading.push({ upsert: record });
        const { list, delta } = opts.place(s.records, record, s.search, !s.hasMore);
        return { records: list, count: s.count + delta };
      }),
    remove: (id) =>
      set((s) => {
        if (s.loading && s.page === 1) heardWhileLoading.push({ remove: id });
        const { list, delta } = opts.drop(s.records, id);
        return { records: list, count: s.count + delta };
      }),
    reset: () => {
      generation++;
      heardWhileLoading = [];
      set(empty);
    },
  }));
};
