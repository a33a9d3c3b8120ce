import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { QuickMessageDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { countWhere, offsetPage, searched } from '../../db/paging';
import { quickMessages } from './quick-messages.table';

export type QuickMessageRow = typeof quickMessages.$inferSelect;

/** One page of the /quick-messages screen. */
export const QUICK_MESSAGE_PAGE_SIZE = 20;

export const toQuickMessageDto = (r: QuickMessageRow): QuickMessageDto => ({
  id: r.id,
  shortcode: r.shortcode,
  message: r.message,
  geral: r.geral,
  status: r.status,
  isMedia: r.mediaPath != null,
  mediaPath: r.mediaPath,
  mediaName: r.mediaName,
  userId: r.userId,
  companyId: r.companyId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const ofCompany = (companyId: number) => eq(quickMessages.companyId, companyId);
/** General ones and the user's own. */
const offeredTo = (userId: number) => or(eq(quickMessages.geral, true), eq(quickMessages.userId, userId))!;

export const get = async (tx: Tx, companyId: number, id: number): Promise<QuickMessageRow | undefined> =>
  (await tx.select().from(quickMessages).where(and(ofCompany(companyId), eq(quickMessages.id, id))).limit(1))[0];

/** What the composer offers a user: active, general or theirs, by shortcode. */
export const usable = async (tx: Tx, companyId: number, userId: number): Promise<QuickMessageRow[]> =>
  tx
    .select()
    .from(quickMessages)
    .where(and(ofCompany(companyId), eq(quickMessages.status, true), offeredTo(userId)))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));

/** The screen's page: every record (`all`) or the general ones and the user's own; searched by shortcode or text. */
export const page = async (tx: Tx, companyId: number, q: { all: boolean; userId: number; searchParam?: string; pageNumber: number }) => {
  const search = searched(q.searchParam?.toLowerCase(), (like) => sql`(lower(${quickMessages.shortcode}) like ${like} or lower(${quickMessages.message}) like ${like})`);
  const where = and(ofCompany(companyId), q.all ? undefined : offeredTo(q.userId), search);
  const query = tx.select().from(quickMessages).where(where).orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return offsetPage(query.$dynamic(), q.pageNumber, QUICK_MESSAGE_PAGE_SIZE, () => countWhere(tx, quickMessages, where));
};

/** Whether another record of the company already has this shortcode (any case). */
export const shortcodeTaken = async (tx: Tx, companyId: number, shortcode: string, exceptId?: number): Promise<boolean> => {
  const conds = [ofCompany(companyId), sql`lower(${quickMessages.shortcode}) = lower(${shortcode})`];
  if (exceptId) conds.push(sql`${quickMessages.id} <> ${exceptId}`);
  return (await tx.select({ id: quickMessages.id }).from(quickMessages).where(and(...conds)).limit(1)).length > 0;
};

export const insert = async (tx: Tx, data: typeof quickMessages.$inferInsert): Promise<QuickMessageRow> => (await tx.insert(quickMessages).values(data).returning())[0]!;

export const update = async (
  tx: Tx,
  companyId: number,
  id: number,
  patch: Partial<Pick<QuickMessageRow, 'shortcode' | 'message' | 'geral' | 'status' | 'mediaPath' | 'mediaName'>>,
): Promise<QuickMessageRow | undefined> =>
  (
    await tx
      .update(quickMessages)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(ofCompany(companyId), eq(quickMessages.id, id)))
      .returning()
  )[0];

export const remove = async (tx: Tx, companyId: number, id: number): Promise<QuickMessageRow | undefined> =>
  (await tx.delete(quickMessages).where(and(ofCompany(companyId), eq(quickMessages.id, id))).returning())[0];
