import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { QueueOptionDto, type QueueDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { dtoOf } from '../../lib/dto';
import { queueIntegrations } from '../queue-integrations/queue-integrations.table';
import { prompts } from '../prompts/prompts.table';
import { queueOptions, queues } from './queues.table';

export type QueueRow = typeof queues.$inferSelect;
export type QueueOptionRow = typeof queueOptions.$inferSelect;

export const toQueueDto = (q: QueueRow): QueueDto => ({
  id: q.id,
  name: q.name,
  color: q.color,
  greetingMessage: q.greetingMessage,
  outOfHoursMessage: q.outOfHoursMessage,
  orderQueue: q.orderQueue,
  integrationId: q.integrationId,
  promptId: q.promptId,
  // Written only through QueueSchedules (validated), so weekdayEn is one of the seven.
  schedules: q.schedules as QueueDto['schedules'],
  mediaPath: q.mediaPath,
  mediaName: q.mediaName,
  // Written only through the zod enum.
  assignment: q.assignment as QueueDto['assignment'],
  agentCapacity: q.agentCapacity,
  reassignAfterMinutes: q.reassignAfterMinutes,
});

export const toQueueOptionDto: (r: QueueOptionRow) => QueueOptionDto = dtoOf(QueueOptionDto);

export const get = async (tx: Tx, companyId: number, id: number): Promise<QueueRow | undefined> =>
  (await tx.select().from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, id))).limit(1))[0];

export const list = async (tx: Tx, companyId: number): Promise<QueueRow[]> =>
  tx.select().from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.orderQueue), asc(queues.id));

export const count = async (tx: Tx, companyId: number): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(queues).where(eq(queues.companyId, companyId)))[0]?.n ?? 0;

/** Another queue of the company already has this colour (case-insensitive); `exceptId`: the one being edited. */
export const colorTaken = async (tx: Tx, companyId: number, color: string, exceptId?: number): Promise<boolean> =>
  (
    await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), sql`lower(${queues.color}) = lower(${color})`, exceptId ? ne(queues.id, exceptId) : undefined))
      .limit(1)
  ).length > 0;

/** Another queue of the company already has this name (the unique index is case-sensitive; so is this). */
export const nameTaken = async (tx: Tx, companyId: number, name: string, exceptId?: number): Promise<boolean> =>
  (await tx.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, companyId), eq(queues.name, name), exceptId ? ne(queues.id, exceptId) : undefined)).limit(1))
    .length > 0;

export const insert = async (tx: Tx, data: typeof queues.$inferInsert): Promise<QueueRow> => (await tx.insert(queues).values(data).returning())[0]!;

export const update = async (tx: Tx, companyId: number, id: number, patch: Partial<typeof queues.$inferInsert>): Promise<QueueRow | undefined> =>
  (await tx.update(queues).set({ ...patch, updatedAt: new Date() }).where(and(eq(queues.companyId, companyId), eq(queues.id, id))).returning())[0];

export const remove = async (tx: Tx, companyId: number, id: number): Promise<QueueRow | undefined> =>
  (await tx.delete(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, id))).returning())[0];

export const existingIds = async (tx: Tx, companyId: number, ids: number[]): Promise<number[]> =>
  ids.length ? (await list(tx, companyId)).map((q) => q.id).filter((id) => ids.includes(id)) : [];

// ------------------------------------------------------------------ the option tree

export const getOption = async (tx: Tx, companyId: number, id: number): Promise<QueueOptionRow | undefined> =>
  (await tx.select().from(queueOptions).where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id))).limit(1))[0];

/** One level of a queue's tree (`parentId` null: the roots), or the whole tree (`parentId` undefined), by option number (2 before 10) then id. */
export const listOptions = async (tx: Tx, companyId: number, queueId: number, parentId?: number | null): Promise<QueueOptionRow[]> =>
  tx
    .select()
    .from(queueOptions)
    .where(
      and(
        eq(queueOptions.companyId, companyId),
        eq(queueOptions.queueId, queueId),
        parentId === undefined ? undefined : parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
      ),
    )
    .orderBy(asc(queueOptions.parentId), asc(sql`length(${queueOptions.option})`), asc(queueOptions.option), asc(queueOptions.id));

/** Every stored file of a queue's options (to discard after the queue or a subtree is deleted). */
export const optionFilesUnder = async (tx: Tx, companyId: number, where: { queueId: number } | { rootId: number }): Promise<string[]> => {
  const rows =
    'queueId' in where
      ? await tx.select({ p: queueOptions.mediaPath }).from(queueOptions).where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, where.queueId)))
      : ((await tx.execute(sql`
          with recursive sub as (
            select id, media_path from queue_options where company_id = ${companyId} and id = ${where.rootId}
            union all
            select o.id, o.media_path from queue_options o join sub on o.parent_id = sub.id where o.company_id = ${companyId}
          ) select media_path as p from sub`)) as unknown as { p: string | null }[]);
  return rows.map((r) => r.p).filter((p): p is string => !!p);
};

export const insertOption = async (tx: Tx, data: typeof queueOptions.$inferInsert): Promise<QueueOptionRow> => (await tx.insert(queueOptions).values(data).returning())[0]!;

export const updateOption = async (tx: Tx, companyId: number, id: number, patch: Partial<typeof queueOptions.$inferInsert>): Promise<QueueOptionRow | undefined> =>
  (await tx.update(queueOptions).set({ ...patch, updatedAt: new Date() }).where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id))).returning())[0];

/** Deletes the option; its subtree goes with it (the parent key cascades). */
export const removeOption = async (tx: Tx, companyId: number, id: number): Promise<QueueOptionRow | undefined> =>
  (await tx.delete(queueOptions).where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id))).returning())[0];

/** A queue integration of the company exists (a foreign-key-like check: the column has no key), kept until commit. */
export const integrationExists = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.select({ id: queueIntegrations.id }).from(queueIntegrations).where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id))).limit(1).for('share')).length > 0;

/** Queues that used a deleted integration go on without one. */
export const clearIntegration = async (tx: Tx, companyId: number, integrationId: number): Promise<number[]> =>
  (await tx.update(queues).set({ integrationId: null, updatedAt: sql`now()` }).where(and(eq(queues.companyId, companyId), eq(queues.integrationId, integrationId))).returning({ id: queues.id })).map((r) => r.id);
/** Whether a prompt of the company has this id (a queue's promptId must name one; decision 0193). */
export const promptExists = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.companyId, companyId), eq(prompts.id, id))).limit(1)).length > 0;

/** Queues that used a deleted prompt go on without one (prompts carry no foreign key to it). */
export const clearPrompt = async (tx: Tx, companyId: number, promptId: number): Promise<void> => {
  await tx.update(queues).set({ promptId: null }).where(and(eq(queues.companyId, companyId), eq(queues.promptId, promptId)));
};

/** A queue as its owners' DTOs name it. */
export type QueueRef = { id: number; name: string; color: string };

/**
 * The queues linked to each owner through another module's link table (a user's in
 * user_queues, a connection's in whatsapp_queues), in the queues' order; read only. An owner
 * with none is absent from the map.
 */
export const linkedQueues = async (
  tx: Tx,
  companyId: number,
  link: { table: PgTable; companyId: PgColumn; ownerId: PgColumn; queueId: PgColumn },
  ownerIds: number[],
): Promise<Map<number, QueueRef[]>> => {
  const map = new Map<number, QueueRef[]>();
  if (ownerIds.length === 0) return map;
  const rows = await tx
    .select({ ownerId: link.ownerId, id: queues.id, name: queues.name, color: queues.color })
    .from(link.table)
    .innerJoin(queues, and(eq(queues.companyId, link.companyId), eq(queues.id, link.queueId)))
    .where(and(eq(link.companyId, companyId), inArray(link.ownerId, ownerIds)))
    .orderBy(asc(queues.orderQueue), asc(queues.id));
  for (const r of rows) {
    const owner = Number(r.ownerId);
    map.set(owner, [...(map.get(owner) ?? []), { id: r.id, name: r.name, color: r.color }]);
  }
  return map;
};
