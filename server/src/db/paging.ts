import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** `%term%` for a LIKE, its wildcards (`%`, `_`, `\`) escaped so the term matches as typed. */
export const likeOf = (term: string): string => `%${term.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;

/** A search's condition: `matches(likeOf(term))` when something was typed, else none (`and()` leaves it out). */
export const searched = (term: string | undefined, matches: (like: string) => SQL): SQL | undefined => (term ? matches(likeOf(term)) : undefined);

/** How many rows of `table` match `where` (a page's `count`: the whole match). */
export const countWhere = async (tx: Tx, table: PgTable, where: SQL | undefined): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]?.n ?? 0;

/**
 * Page `pageNumber` (from 1) of `size` rows of an ordered select (`.$dynamic()`): one row more is
 * read to know whether another page follows; `count()` is the whole match, read after the rows.
 */
export const offsetPage = async <Q extends PgSelect>(
  query: Q,
  pageNumber: number,
  size: number,
  count: () => Promise<number>,
): Promise<{ rows: Q['_']['result']; count: number; hasMore: boolean }> => {
  const rows: Q['_']['result'] = await query.limit(size + 1).offset((pageNumber - 1) * size);
  return { rows: rows.slice(0, size), count: await count(), hasMore: rows.length > size };
};
