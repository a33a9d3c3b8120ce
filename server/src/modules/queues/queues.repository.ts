import { and, asc, eq, sql } from 'drizzle-orm';
import type { QueueDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { queues } from './queues.table';

export type QueueRow = typeof queues.$inferSelect;

export const toQueueDto = (q: QueueRow): QueueDto => ({ id: q.id, name: q.name, color: q.color, greetingMessage: q.greetingMessage, orderQueue: q.orderQueue });

export const get = async (tx: Tx, companyId: number, id: number): Promise<QueueRow | undefined> =>
  (await tx.select().from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, id))).limit(1))[0];

export const list = async (tx: Tx, companyId: number): Promise<QueueRow[]> =>
  tx.select().from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.orderQueue), asc(queues.id));

export const count = async (tx: Tx, companyId: number): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(queues).where(eq(queues.companyId, companyId)))[0]?.n ?? 0;

export const colorTaken = async (tx: Tx, companyId: number, color: string): Promise<boolean> =>
  (await tx.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, companyId), sql`lower(${queues.color}) = lower(${color})`)).limit(1)).length > 0;

export const insert = async (tx: Tx, data: typeof queues.$inferInsert): Promise<QueueRow> => (await tx.insert(queues).values(data).returning())[0]!;

export const existingIds = async (tx: Tx, companyId: number, ids: number[]): Promise<number[]> =>
  ids.length ? (await list(tx, companyId)).map((q) => q.id).filter((id) => ids.includes(id)) : [];
