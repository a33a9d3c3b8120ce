import { planFlags, type PlanFlag } from '@balcao/shared';
import { ApiError, http } from '../../lib/http';

export type PlanFlags = Record<PlanFlag, boolean>;

export const allFlagsOn = (): PlanFlags => Object.fromEntries(planFlags.map((f) => [f, true])) as PlanFlags;

/** Reads flags from the company with its plan nested, `{ plan: { use… } }` (the spec's shape, decision 0039). */
export const toPlanFlags = (answer: unknown): PlanFlags => {
  const flags = allFlagsOn();
  const record = (answer ?? {}) as Record<string, unknown>;
  const plan = (typeof record.plan === 'object' && record.plan !== null ? record.plan : {}) as Record<string, unknown>;
  for (const flag of planFlags) if (typeof plan[flag] === 'boolean') flags[flag] = plan[flag];
  return flags;
};

export const companyApi = {
  planFlags: async (companyId: number): Promise<PlanFlags> => {
    try {
      return toPlanFlags(await http.get<unknown>(`/companies/listPlan/${companyId}`));
    } catch (err) {
      // No plan route (or no plan) means nothing is gated yet.
      if (err instanceof ApiError && (err.status === 404 || err.status === 0)) return allFlagsOn();
      throw err;
    }
  },
};
