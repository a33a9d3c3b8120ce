import type { Placed } from './paged-list';

/** Lower case without accents: how the server searches ('joao' finds 'João'). */
export const fold = (v: string): string => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const compare = <T extends { id: number; name: string }>(a: T, b: T) => {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  return an < bn ? -1 : an > bn ? 1 : a.id - b.id;
};

/**
 * `place`/`drop` for a paged list sorted by name as the server sorts it (lower(name), id): a
 * created or changed record replaces its row, or joins in order when it falls inside the pages
 * loaded so far (`complete`: no more pages); one that no longer matches the search leaves.
 */
export const byName = <T extends { id: number; name: string }>(matches: (record: T, search: string) => boolean) => ({
  place: (list: T[], record: T, search: string, complete: boolean): Placed<T> => {
    const i = list.findIndex((x) => x.id === record.id);
    if (!matches(record, search)) return i === -1 ? { list, delta: 0 } : { list: list.filter((x) => x.id !== record.id), delta: -1 };
    if (i !== -1) {
      const next = [...list];
      next[i] = record;
      return { list: next.sort(compare), delta: 0 };
    }
    const last = list[list.length - 1];
    if (!complete && last && compare(record, last) > 0) return { list, delta: 1 };
    return { list: [...list, record].sort(compare), delta: 1 };
  },
  drop: (list: T[], id: number): Placed<T> => (list.some((x) => x.id === id) ? { list: list.filter((x) => x.id !== id), delta: -1 } : { list, delta: 0 }),
});

/** Within `px` of the bottom of a scrolling box (administration.md §9: the next page within 100 px). */
export const nearBottom = (el: { scrollTop: number; scrollHeight: number; clientHeight: number }, px = 100): boolean =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= px;
