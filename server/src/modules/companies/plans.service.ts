import { can, type PlanBody, type PlanDto, type PlanWithUsageDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { FOREIGN_KEY_VIOLATION, pgCode, UNIQUE_VIOLATION } from '../../db/errors';
import { AppError, found } from '../../infra/errors';
import { auditQueries } from '../audit';
import { getPlan, toPlanDto } from './companies.repository';
import * as repo from './plans.repository';

const superOnly = (ctx: Ctx) => {
  if (!can(ctx, 'plans:manage')) throw new AppError('ERR_NO_PERMISSION');
};

/** A taken name is the spec's "já existe … com o mesmo nome" case; a plan someone moved onto meanwhile is in use. */
const writeError = (err: unknown): never => {
  if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('ERR_DUPLICATED_RECORD', 'plan name already exists');
  if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw new AppError('ERR_PLAN_IN_USE');
  throw err;
};

/**
 * Plans (administration.md §7; decision 0130): the catalogue is public (signup and checkout list
 * it), changes are the super user's, each recorded in the audit trail in its own transaction.
 */
export const createPlansService = (data: DataAccess) => ({
  /** GET /plans/list: what a company can sign up for, cheapest first; no login needed. */
  list: (): Promise<PlanDto[]> => data.withSystem('plans:public', async ({ tx }) => (await repo.listPlans(tx)).map(toPlanDto)),

  /** GET /plans/signup: the plans offered on the signup page (`plans.signup`), cheapest first; no login needed. */
  offered: (): Promise<PlanDto[]> => data.withSystem('plans:public', async ({ tx }) => (await repo.listPlans(tx)).filter((p) => p.signup).map(toPlanDto)),

  /** GET /plans/all: every plan with how many companies are on it (the Planos tab). */
  all: (ctx: Ctx): Promise<PlanWithUsageDto[]> => {
    superOnly(ctx);
    return data.withSystem('companies:super', async ({ tx }) => {
      const usage = await repo.companiesPerPlan(tx);
      return (await repo.listPlans(tx)).map((p) => ({ ...toPlanDto(p), companies: usage.get(p.id) ?? 0 }));
    });
  },

  /** GET /plans/:id: any signed-in user (the catalogue is public anyway). */
  show: (ctx: Ctx, id: number): Promise<PlanDto> =>
    data.withTenant(ctx, async ({ tx }) => {
      const plan = found(await getPlan(tx, id), 'ERR_NO_PLAN_FOUND');
      return toPlanDto(plan);
    }),

  create: (ctx: Ctx, body: PlanBody): Promise<PlanDto> => {
    superOnly(ctx);
    return data
      .withSystem('companies:super', async ({ tx }) => {
        const plan = toPlanDto((await repo.savePlan(tx, null, body))!);
        await auditQueries.record(tx, ctx, { entity: 'plan', entityId: plan.id, action: 'create', after: plan });
        return plan;
      })
      .catch(writeError);
  },

  update: (ctx: Ctx, id: number, body: PlanBody): Promise<PlanDto> => {
    superOnly(ctx);
    return data
      .withSystem('companies:super', async ({ tx }) => {
        const before = found(await getPlan(tx, id), 'ERR_NO_PLAN_FOUND');
        const plan = toPlanDto((await repo.savePlan(tx, id, body))!);
        await auditQueries.record(tx, ctx, { entity: 'plan', entityId: id, action: 'update', before: toPlanDto(before), after: plan });
        return plan;
      })
      .catch(writeError);
  },

  /** A plan some company is on stays (409 ERR_PLAN_IN_USE with how many): move them first. */
  remove: (ctx: Ctx, id: number): Promise<{ message: string }> => {
    superOnly(ctx);
    return data
      .withSystem('companies:super', async ({ tx }) => {
        const before = found(await getPlan(tx, id), 'ERR_NO_PLAN_FOUND');
        const inUse = await repo.companiesOnPlan(tx, id);
        if (inUse > 0) throw new AppError('ERR_PLAN_IN_USE', undefined, { companies: inUse });
        await repo.deletePlan(tx, id);
        await auditQueries.record(tx, ctx, { entity: 'plan', entityId: id, action: 'delete', before: toPlanDto(before) });
        return { message: 'Plan deleted' };
      })
      .catch(writeError);
  },
});

export type PlansService = ReturnType<typeof createPlansService>;
