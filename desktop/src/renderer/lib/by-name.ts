import type { Placed } from './paged-list';

/** Lower case without accents: how the server searches ('joao' finds 'João'). */
export const fold = (v: string): string => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** By name as the server sorts (lower(name), then id). */
export const compareByName = <T extends { id: number; name: string }>(a: T, b: T): number => {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  return an < bn ? -1 : an > bn ? 1 : a.id - b.id;
};

/** Whether a record's name holds the search, as the server searches it (accents and case ignored). */
export const matchesName = (record: { name: string }, search: string): boolean => {
  const s = fold(search.trim());
  return !s || fold(record.name).includes(s);
};

/** A copy older than the row shown (a late event after our own save) never overwrites it. */
export const olderCopy = (shown: { updatedAt: string }, incoming: { updatedAt: string }): boolean => Date.parse(shown.updatedAt) > Date.parse(incoming.updatedAt);

/**
 * `place` for a paged list sorted by `compare` as the server sorts it: a created or changed
 * record replaces its row, or joins in order when it falls inside the pages loaded so far
 * (`complete`: no more pages; beyond the last loaded row it comes with its page, the count grows
 * now); one that no longer `matches` the search leaves; a `stale` copy changes nothing.
 */
export const placeSorted =
  <T extends { id: number }>(compare: (a: T, b: T) => number, matches: (record: T, search: string) => boolean, stale?: (shown: T, incoming: T) => boolean) =>
  (list: T[], record: T, search: string, complete: boolean): Placed<T> => {
    const i = list.findIndex((x) => x.id === record.id);
    if (!matches(record, search)) return i === -1 ? { list, delta: 0 } : { list: list.filter((x) => x.id !== record.id), delta: -1 };
    if (i !== -1) {
      if (stale?.(list[i]!, record)) return { list, delta: 0 };
      const next = [...list];
      next[i] = record;
      return { list: next.sort(compare), delta: 0 };
    }
    const last = list[list.length - 1];
    if (!complete && last && compare(record, last) > 0) return { list, delta: 1 };
    return { list: [...list, record].sort(compare), delta: 1 };
  };

/** `drop`: the record with this id leaves the list, and the count with it. */
export const dropById = <T extends { id: number }>(list: T[], id: number): Placed<T> =>
  list.some((x) => x.id === id) ? { list: list.filter((x) => x.id !== id), delta: -1 } : { list, delta: 0 };

/** `place`/`drop` for a paged list sorted by name as the server sorts it (lower(name), id), searched by name unless `matches` says otherwise. */
export const byName = <T extends { id: number; name: string }>(matches: (record: T, search: string) => boolean = matchesName) => ({
  place: placeSorted<T>(compareByName, matches),
  drop: (list: T[], id: number) => dropById(list, id),
});

/** Within `px` of the bottom of a scrolling box (administration.md §9: the next page within 100 px). */
export const nearBottom = (el: { scrollTop: number; scrollHeight: number; clientHeight: number }, px = 100): boolean =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= px;
