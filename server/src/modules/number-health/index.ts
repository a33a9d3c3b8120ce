// The number-health module's one door (issue 13 §6): the opt-out ledger and the per-connection
// send gate (rate, jitter, daily cap, warm-up) that campaigns, schedules and the external API pass.
// FIRST CUT (lead): admits everything and reads the opt-out ledger; the gate lands with its helper.
import { and, eq } from 'drizzle-orm';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { NumberHealth } from './number-health.port';
import { optOuts } from './number-health.table';

export type { GateDecision, GateReason, NumberHealth, SendKind } from './number-health.port';

export const createNumberHealth = (deps: { data: DataAccess; clock: Clock }): NumberHealth => {
  const isOptedOut: NumberHealth['isOptedOut'] = async (companyId, number, tx) => {
    const read = async (t: NonNullable<typeof tx>) =>
      (await t.select({ n: optOuts.number }).from(optOuts).where(and(eq(optOuts.companyId, companyId), eq(optOuts.number, number))).limit(1)).length > 0;
    return tx ? read(tx) : deps.data.withTenant({ companyId }, ({ tx: t }) => read(t));
  };
  return {
    isOptedOut,
    admit: async (req) => ((await isOptedOut(req.companyId, req.number)) ? { ok: false, reason: 'opt-out', retryAt: null } : { ok: true, waitMs: 0 }),
  };
};
