import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CopilotFeature } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { copilotMessageTexts, copilotSettings, copilotSummaries, copilotTicketLanguages, copilotUsage } from './copilot.table';

export type SettingsRow = typeof copilotSettings.$inferSelect;
export type SummaryRow = typeof copilotSummaries.$inferSelect;
export type TicketLanguageRow = typeof copilotTicketLanguages.$inferSelect;
export type MessageTextRow = Pick<typeof copilotMessageTexts.$inferSelect, 'messageId' | 'ticketId' | 'kind' | 'language' | 'text'>;

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

export const ticketLanguage = async (tx: Tx, companyId: number, ticketId: number): Promise<TicketLanguageRow | undefined> =>
  (await tx.select().from(copilotTicketLanguages).where(and(eq(copilotTicketLanguages.companyId, companyId), eq(copilotTicketLanguages.ticketId, ticketId))).limit(1))[0];

/** The ticket's language and/or toggle, its row made on the first write. */
export const saveTicketLanguage = async (tx: Tx, companyId: number, ticketId: number, patch: { language?: string; translate?: boolean }): Promise<TicketLanguageRow> =>
  (
    await tx
      .insert(copilotTicketLanguages)
      .values({ companyId, ticketId, ...patch })
      .onConflictDoUpdate({ target: [copilotTicketLanguages.companyId, copilotTicketLanguages.ticketId], set: { ...patch, updatedAt: new Date() } })
      .returning()
  )[0]!;

const textColumns = { messageId: copilotMessageTexts.messageId, ticketId: copilotMessageTexts.ticketId, kind: copilotMessageTexts.kind, language: copilotMessageTexts.language, text: copilotMessageTexts.text };

/** A text kept beside a message; the first one made stays (a job run twice writes nothing). Undefined when it was there already. */
export const insertText = async (tx: Tx, companyId: number, row: MessageTextRow): Promise<MessageTextRow | undefined> =>
  (await tx.insert(copilotMessageTexts).values({ companyId, ...row }).onConflictDoNothing().returning(textColumns))[0];

export const hasText = async (tx: Tx, companyId: number, messageId: number, kind: string): Promise<boolean> =>
  (await tx.select({ id: copilotMessageTexts.id }).from(copilotMessageTexts).where(and(eq(copilotMessageTexts.companyId, companyId), eq(copilotMessageTexts.messageId, messageId), eq(copilotMessageTexts.kind, kind))).limit(1)).length > 0;

/** The texts of a ticket's messages (the conversation shows them under each one). */
export const textsOf = async (tx: Tx, companyId: number, ticketId: number, limit = 2_000): Promise<MessageTextRow[]> =>
  tx
    .select(textColumns)
    .from(copilotMessageTexts)
    .where(and(eq(copilotMessageTexts.companyId, companyId), eq(copilotMessageTexts.ticketId, ticketId)))
    .orderBy(asc(copilotMessageTexts.messageId))
    .limit(limit);
