import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { countWhere, offsetPage, searched } from '../../db/paging';
import { queues } from '../queues/queues.table';
import { prompts } from './prompts.table';

export type PromptRow = typeof prompts.$inferSelect;
export type PromptWithQueue = PromptRow & { queueName: string | null };

/** One page of the /prompts screen. */
export const PROMPT_PAGE_SIZE = 40;

const ofCompany = (companyId: number) => eq(prompts.companyId, companyId);
const withQueue = { prompt: prompts, queueName: queues.name };
const flat = (r: { prompt: PromptRow; queueName: string | null }): PromptWithQueue => ({ ...r.prompt, queueName: r.queueName });

export const get = async (tx: Tx, companyId: number, id: number): Promise<PromptWithQueue | undefined> => {
  const [r] = await tx
    .select(withQueue)
    .from(prompts)
    .leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)))
    .where(and(ofCompany(companyId), eq(prompts.id, id)))
    .limit(1);
  return r ? flat(r) : undefined;
};

export const page = async (tx: Tx, companyId: number, q: { searchParam?: string; pageNumber: number }) => {
  const where = and(ofCompany(companyId), searched(q.searchParam?.toLowerCase(), (like) => sql`lower(${prompts.name}) like ${like}`));
  const query = tx
    .select(withQueue)
    .from(prompts)
    .leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)))
    .where(where)
    .orderBy(asc(prompts.name), asc(prompts.id));
  const found = await offsetPage(query.$dynamic(), q.pageNumber, PROMPT_PAGE_SIZE, () => countWhere(tx, prompts, where));
  return { ...found, rows: found.rows.map(flat) };
};

export const nameTaken = async (tx: Tx, companyId: number, name: string, exceptId?: number): Promise<boolean> => {
  const conds = [ofCompany(companyId), sql`lower(${prompts.name}) = lower(${name})`];
  if (exceptId) conds.push(sql`${prompts.id} <> ${exceptId}`);
  return (await tx.select({ id: prompts.id }).from(prompts).where(and(...conds)).limit(1)).length > 0;
};

export const insert = async (tx: Tx, data: typeof prompts.$inferInsert): Promise<PromptRow> => (await tx.insert(prompts).values(data).returning())[0]!;

export const update = async (tx: Tx, companyId: number, id: number, patch: Partial<typeof prompts.$inferInsert>): Promise<PromptRow | undefined> =>
  (
    await tx
      .update(prompts)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(ofCompany(companyId), eq(prompts.id, id)))
      .returning()
  )[0];

export const remove = async (tx: Tx, companyId: number, id: number): Promise<PromptRow | undefined> =>
  (await tx.delete(prompts).where(and(ofCompany(companyId), eq(prompts.id, id))).returning())[0];

/** Whether the id names a prompt of the company (a queue's or a connection's promptId). */
export const exists = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.select({ id: prompts.id }).from(prompts).where(and(ofCompany(companyId), eq(prompts.id, id))).limit(1)).length > 0;

