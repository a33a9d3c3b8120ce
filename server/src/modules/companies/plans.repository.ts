import { asc, count, eq, sql } from 'drizzle-orm';
import type { PlanBody } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { companies, plans } from './companies.table';
import { getPlan, type PlanRow } from './companies.repository';

export const listPlans = (tx: Tx): Promise<PlanRow[]> => tx.select().from(plans).orderBy(asc(plans.value), asc(plans.id));

/** How many companies are on each plan (plans nobody uses are absent). */
export const companiesPerPlan = async (tx: Tx): Promise<Map<number, number>> => {
  const rows = await tx.select({ planId: companies.planId, n: count() }).from(companies).groupBy(companies.planId);
  return new Map(rows.map((r) => [r.planId, Number(r.n)]));
};

export const companiesOnPlan = async (tx: Tx, planId: number): Promise<number> =>
  Number((await tx.select({ n: count() }).from(companies).where(eq(companies.planId, planId)))[0]?.n ?? 0);

/**
 * Inserts (no id) or updates a plan through `balcao_plan_save` (policies/40-plan-writes.sql): the
 * app role cannot write `plans` itself; the function does, as the owner, only under withSystem.
 */
export const savePlan = async (tx: Tx, id: number | null, body: PlanBody): Promise<PlanRow | undefined> => {
  const rows = await tx.execute<{ id: number }>(sql`select id from balcao_plan_save(${id}::int, ${JSON.stringify(body)}::jsonb)`);
  const saved = rows[0];
  return saved ? getPlan(tx, saved.id) : undefined;
};

/** Deletes a plan (the companies' foreign key refuses one in use); whether it existed. */
export const deletePlan = async (tx: Tx, id: number): Promise<boolean> =>
  (await tx.execute<{ id: number }>(sql`select id from balcao_plan_delete(${id}::int)`)).length > 0;
