import { and, asc, eq, ilike, ne, sql } from 'drizzle-orm';
import { HelpDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { likeOf } from '../../db/paging';
import { dtoOf } from '../../lib/dto';
import { helps } from './helps.table';

export type HelpRow = typeof helps.$inferSelect;

export const toHelpDto: (r: HelpRow) => HelpDto = dtoOf(HelpDto);


export const list = (tx: Tx, platformId: number, search?: string): Promise<HelpRow[]> =>
  tx
    .select()
    .from(helps)
    .where(and(eq(helps.companyId, platformId), search ? ilike(helps.title, likeOf(search)) : undefined))
    .orderBy(asc(helps.id));

/**
 * The help texts that best match a retrieval query (to_tsquery text, any of its words), best
 * first: title and description folded as message search folds them (balcao_fold, 'simple').
 * Computed per row, not indexed: the platform has tens of helps, not thousands.
 */
export const bestMatches = (tx: Tx, platformId: number, query: string, limit: number): Promise<HelpRow[]> => {
  const doc = sql`to_tsvector('simple'::regconfig, balcao_fold(${helps.title} || ' ' || ${helps.description}))`;
  const q = sql`to_tsquery('simple'::regconfig, balcao_fold(${query}))`;
  return tx
    .select()
    .from(helps)
    .where(and(eq(helps.companyId, platformId), ne(helps.description, ''), sql`${doc} @@ ${q}`))
    .orderBy(sql`ts_rank(${doc}, ${q}) desc`, asc(helps.id))
    .limit(limit);
};

export const get = async (tx: Tx, platformId: number, id: number): Promise<HelpRow | undefined> =>
  (await tx.select().from(helps).where(and(eq(helps.companyId, platformId), eq(helps.id, id))).limit(1))[0];

export const insert = async (tx: Tx, platformId: number, v: { title: string; description: string; video: string }): Promise<HelpRow> =>
  (await tx.insert(helps).values({ ...v, companyId: platformId }).returning())[0]!;

export const update = async (tx: Tx, platformId: number, id: number, v: { title: string; description: string; video: string }): Promise<HelpRow | undefined> =>
  (await tx.update(helps).set({ ...v, updatedAt: new Date() }).where(and(eq(helps.companyId, platformId), eq(helps.id, id))).returning())[0];

export const remove = async (tx: Tx, platformId: number, id: number): Promise<void> => {
  await tx.delete(helps).where(and(eq(helps.companyId, platformId), eq(helps.id, id)));
};
