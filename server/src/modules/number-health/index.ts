// The number-health module's one door (issue 13 §6): the opt-out ledger and the per-connection
// send gate (rate, jitter, daily cap, warm-up) that campaigns, schedules and the external API pass.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Tx } from '../../db/client';
import { found } from '../../infra/errors';
import { contactsQueries } from '../contacts';
import { customerWindow } from '../messages';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { jitter, spacingMs, warmupCap, warmupDayOf } from './number-health.gate';
import { recordKeywordOptOut } from './number-health.listeners';
import type { NumberHealth } from './number-health.port';
import * as repo from './number-health.repository';
import { numberHealthRoutes } from './number-health.routes';
import { createNumberHealthService } from './number-health.service';

export type { GateDecision, GateReason, NumberHealth, SendKind } from './number-health.port';
export { recordKeywordOptOut } from './number-health.listeners';

/**
 * The gate (decision 0240). `random` (tests) draws the jitter. One tenant transaction per ask:
 * the opt-out ledger, then one conditional upsert of the day's ledger that counts the send or,
 * refused, a hold under the reason the locked row shows.
 */
export const createNumberHealth = (deps: { data: DataAccess; clock: Clock; random?: () => number }): NumberHealth => {
  const random = deps.random ?? Math.random;
  const isOptedOut: NumberHealth['isOptedOut'] = async (companyId, number, tx) => {
    const read = async (t: NonNullable<typeof tx>) => !!(await repo.getOptOut(t, companyId, number));
    return tx ? read(tx) : deps.data.withTenant({ companyId }, ({ tx: t }) => read(t));
  };
  /** The customer's 24-hour window on a Cloud connection (messages' rule, decision 0391); a number that never wrote has none. */
  const windowOpen = async (tx: Tx, companyId: number, whatsappId: number, number: string) => {
    const contact = await contactsQueries.getByNumber(tx, companyId, number);
    return !!contact && !!(await customerWindow(tx, deps.clock, { companyId, contactId: contact.id, whatsappId }))?.open;
  };
  const admit: NumberHealth['admit'] = (req) =>
    deps.data.withTenant({ companyId: req.companyId }, async ({ tx }) => {
      const now = deps.clock.now();
      const facts = found(await repo.gateFacts(tx, req.companyId, req.whatsappId, now), 'ERR_NO_WAPP_FOUND');
      const at = { companyId: req.companyId, whatsappId: req.whatsappId, day: facts.day };
      if (await isOptedOut(req.companyId, req.number, tx)) {
        await repo.hold(tx, { ...at, reason: { fixed: 'opt-out' } });
        return { ok: false, reason: 'opt-out', retryAt: null };
      }
      // Decision 0452: Meta would refuse it (131047); refused before anything is counted.
      if (facts.provider === 'cloud' && !req.template && !(await windowOpen(tx, req.companyId, req.whatsappId, req.number))) return { ok: false, reason: 'window', retryAt: null };
      const { cap, warming } = warmupCap(facts.cap, facts.warmup, warmupDayOf(facts.daysSincePaired));
      const spacing = spacingMs(facts.rate);
      const waitMs = jitter(facts.jitter, random);
      if (req.pace) {
        const slot = await repo.reserve(tx, { ...at, cap, spacingMs: spacing, now, jitterMs: waitMs });
        if (slot) return { ok: true, waitMs: Math.max(0, slot.getTime() - now.getTime()), at: slot };
      } else if (await repo.claim(tx, { ...at, cap, spacingMs: spacing, now, sendAt: new Date(now.getTime() + waitMs) })) return { ok: true, waitMs, at: new Date(now.getTime() + waitMs) };
      const held = await repo.hold(tx, { ...at, reason: { cap, capReason: warming ? 'warm-up' : 'daily-cap' } });
      if (held.reason !== 'rate') return { ok: false, reason: held.reason, retryAt: facts.nextDay };
      const next = (held.lastSentAt?.getTime() ?? now.getTime()) + spacing;
      return { ok: false, reason: 'rate', retryAt: new Date(Math.max(next, now.getTime() + 1)) };
    });
  return { isOptedOut, admit };
};

export const numberHealthModule = defineModule({
  name: 'number-health',
  dependsOn: ['audit', 'contacts', 'tickets', 'whatsapp', 'messages'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; clock: Clock }) => ({
    routes: numberHealthRoutes(createNumberHealthService({ data: k.data, clock: k.clock })),
    start: () => {
      // After ingest committed a customer's message (decision 0242): the opt-out keywords.
      k.bus.on('message.created', (e) => recordKeywordOptOut(k.data, e).catch((err: unknown) => k.app.log.error({ err }, 'recording an opt-out failed')));
    },
  }),
});
