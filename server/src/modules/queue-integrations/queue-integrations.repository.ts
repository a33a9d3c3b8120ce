import { and, asc, eq, sql } from 'drizzle-orm';
import { QUEUE_INTEGRATION_PAGE_SIZE, type ListQueueIntegrationsQuery, type QueueIntegrationDto, type QueueIntegrationType } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { countWhere, offsetPage, searched } from '../../db/paging';
import { queueIntegrations } from './queue-integrations.table';

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;
export type QueueIntegrationInsert = typeof queueIntegrations.$inferInsert;

/** Secrets never leave: '' plus whether one is stored. */
export const toDto = (r: QueueIntegrationRow): QueueIntegrationDto => ({
  id: r.id,
  name: r.name,
  type: r.type as QueueIntegrationType,
  projectName: r.projectName,
  jsonContent: '',
  jsonContentConfigured: r.jsonContent !== '',
  language: r.language,
  urlN8N: r.urlN8N,
  secret: '',
  secretConfigured: r.secret !== '',
  typebotSlug: r.typebotSlug,
  typebotExpires: r.typebotExpires,
  typebotDelayMessage: r.typebotDelayMessage,
  typebotKeywordFinish: r.typebotKeywordFinish,
  typebotKeywordRestart: r.typebotKeywordRestart,
  typebotRestartMessage: r.typebotRestartMessage,
  typebotUnknownMessage: r.typebotUnknownMessage,
  updatedAt: r.updatedAt.toISOString(),
});

const mine = (companyId: number, id: number) => and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id));

/** A page by name (accents and case ignored); `count` is the whole match. */
export const page = async (tx: Tx, companyId: number, q: ListQueueIntegrationsQuery): Promise<{ rows: QueueIntegrationRow[]; count: number; hasMore: boolean }> => {
  const where = and(eq(queueIntegrations.companyId, companyId), searched(q.searchParam, (like) => sql`balcao_fold(${queueIntegrations.name}) like balcao_fold(${like})`));
  const query = tx.select().from(queueIntegrations).where(where).orderBy(asc(sql`lower(${queueIntegrations.name})`), asc(queueIntegrations.id));
  return offsetPage(query.$dynamic(), q.pageNumber, QUEUE_INTEGRATION_PAGE_SIZE, () => countWhere(tx, queueIntegrations, where));
};

export const get = async (tx: Tx, companyId: number, id: number): Promise<QueueIntegrationRow | undefined> =>
  (await tx.select().from(queueIntegrations).where(mine(companyId, id)).limit(1))[0];

/** The row, locked against a concurrent delete or edit for the rest of the transaction. */
export const lock = async (tx: Tx, companyId: number, id: number): Promise<QueueIntegrationRow | undefined> =>
  (await tx.select().from(queueIntegrations).where(mine(companyId, id)).limit(1).for('update'))[0];

export const nameTaken = async (tx: Tx, companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  (
    await tx
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), sql`lower(${queueIntegrations.name}) = lower(${name})`, exceptId ? sql`${queueIntegrations.id} <> ${exceptId}` : undefined))
      .limit(1)
  ).length > 0;

/** Inserts unless the name exists (a concurrent twin loses to the unique index): undefined then. */
export const insert = async (tx: Tx, row: QueueIntegrationInsert): Promise<QueueIntegrationRow | undefined> => (await tx.insert(queueIntegrations).values(row).onConflictDoNothing().returning())[0];

export const update = async (tx: Tx, companyId: number, id: number, data: Partial<QueueIntegrationInsert>): Promise<QueueIntegrationRow | undefined> =>
  (await tx.update(queueIntegrations).set({ ...data, updatedAt: sql`now()` }).where(mine(companyId, id)).returning())[0];

export const remove = async (tx: Tx, companyId: number, id: number): Promise<void> => {
  await tx.delete(queueIntegrations).where(mine(companyId, id));
};
