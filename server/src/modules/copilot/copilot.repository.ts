import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CopilotFeature } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { copilotSettings, copilotSummaries, copilotUsage } from './copilot.table';

export type SettingsRow = typeof copilotSettings.$inferSelect;
export type SummaryRow = typeof copilotSummaries.$inferSelect;

export const getSettings = async (tx: Tx, companyId: number): Promise<SettingsRow | undefined> =>
  (await tx.select().from(copilotSettings).where(eq(copilotSettings.companyId, companyId)).limit(1))[0];

/** The company's one row, made on its first save. */
export const saveSettings = async (tx: Tx, companyId: number, patch: Partial<typeof copilotSettings.$inferInsert>): Promise<SettingsRow> =>
  (
    await tx
      .insert(copilotSettings)
      .values({ ...patch, companyId })
      .onConflictDoUpdate({ target: copilotSettings.companyId, set: { ...patch, updatedAt: new Date() } })
      .returning()
  )[0]!;

/** The month's tokens, all features together (the cap's measure). */
export const monthTokens = async (tx: Tx, companyId: number, month: string): Promise<number> =>
  Number((await tx.select({ n: sql<string | number | bigint>`coalesce(sum(${copilotUsage.tokens}), 0)::bigint` }).from(copilotUsage).where(and(eq(copilotUsage.companyId, companyId), eq(copilotUsage.month, month))))[0]!.n);

export const monthUsage = async (tx: Tx, companyId: number, month: string) =>
  tx
    .select({ feature: copilotUsage.feature, tokens: copilotUsage.tokens, calls: copilotUsage.calls })
    .from(copilotUsage)
    .where(and(eq(copilotUsage.companyId, companyId), eq(copilotUsage.month, month)))
    .orderBy(asc(copilotUsage.feature));

/** One call more and its tokens, in one statement (concurrent calls add up, none is lost). */
export const addUsage = async (tx: Tx, companyId: number, month: string, feature: CopilotFeature, tokens: number): Promise<void> => {
  await tx
    .insert(copilotUsage)
    .values({ companyId, month, feature, tokens, calls: 1 })
    .onConflictDoUpdate({
      target: [copilotUsage.companyId, copilotUsage.month, copilotUsage.feature],
      set: { tokens: sql`${copilotUsage.tokens} + ${tokens}`, calls: sql`${copilotUsage.calls} + 1`, updatedAt: new Date() },
    });
};

export const insertSummary = async (tx: Tx, row: typeof copilotSummaries.$inferInsert): Promise<SummaryRow> => (await tx.insert(copilotSummaries).values(row).returning())[0]!;

export const summariesOf = async (tx: Tx, companyId: number, ticketId: number, limit = 20): Promise<SummaryRow[]> =>
  tx
    .select()
    .from(copilotSummaries)
    .where(and(eq(copilotSummaries.companyId, companyId), eq(copilotSummaries.ticketId, ticketId)))
    .orderBy(desc(copilotSummaries.createdAt), desc(copilotSummaries.id))
    .limit(limit);
