import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { planFlagForRoute, type PlanFlag } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { requireAuth } from '../../infra/auth';
import { AppError } from '../../infra/errors';
import { getSetting } from './companies.repository';
import { companies, plans } from './companies.table';

/** The company's plan flags, read in one statement. */
const flagsOf = async (tx: Tx, companyId: number): Promise<Record<PlanFlag, boolean> | undefined> =>
  (
    await tx
      .select({
        useCampaigns: plans.useCampaigns,
        useKanban: plans.useKanban,
        useOpenAi: plans.useOpenAi,
        useIntegrations: plans.useIntegrations,
        useSchedules: plans.useSchedules,
        useInternalChat: plans.useInternalChat,
        useExternalApi: plans.useExternalApi,
        useCopilot: plans.useCopilot,
      })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, companyId))
      .limit(1)
  )[0];

/**
 * Whether the company's plan has a feature, read at each request (a plan change applies at once).
 * Campaigns are also on with the company's `campaignsEnabled` setting (administration.md §6).
 */
export const planHasFeature = (data: DataAccess, ctx: Pick<Ctx, 'companyId'>, flag: PlanFlag): Promise<boolean> =>
  data.withTenant(ctx, async ({ tx }) => {
    const flags = await flagsOf(tx, ctx.companyId);
    if (flags?.[flag]) return true;
    return flag === 'useCampaigns' && (await getSetting(tx, ctx.companyId, 'campaignsEnabled')) === 'true';
  });

/**
 * A preHandler for every route of a gated feature (server-behaviour §1): 403
 * ERR_PLAN_FEATURE_DISABLED when the caller's company plan lacks `flag`. Register it after the
 * session is known (`request.ctx`), e.g. `app.addHook('preHandler', requirePlanFeature(data,
 * 'useKanban'))` in a feature's route plugin, which gates all of that plugin's routes.
 */
export const requirePlanFeature =
  (data: DataAccess, flag: PlanFlag) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!(await planHasFeature(data, request.ctx, flag))) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  };

/**
 * The same check for whatever route the request matched, by `planGatedRoutes` (shared): buildApp
 * mounts it once, as a preValidation hook, for every private route, so a new module under a gated
 * prefix is gated without doing anything. It runs before validation (a disabled feature answers
 * 403 whatever the body), so it verifies the session itself for the gated routes (requireAuth is
 * idempotent). Routes outside the private scope (the external API) use requirePlanFeature.
 */
export const planGates = (app: FastifyInstance, data: DataAccess) => {
  const auth = requireAuth(app);
  const byFlag = new Map<PlanFlag, ReturnType<typeof requirePlanFeature>>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const flag = planFlagForRoute(request.routeOptions.url ?? '');
    if (!flag) return;
    await auth(request, reply);
    if (!byFlag.has(flag)) byFlag.set(flag, requirePlanFeature(data, flag));
    await byFlag.get(flag)!(request);
  };
};
