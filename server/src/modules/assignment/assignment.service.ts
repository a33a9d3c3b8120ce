/**
 * Assignment (issue 30 §2; decision 0381): waiting tickets go to the online agents of their queue
 * through the tickets module's verbs, one claim at a time per company in the whole cluster.
 */
import type { DataAccess, Unit } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Jobs } from '../../infra/jobs';
import { ticketsQueries } from '../tickets';
import { pickAgents, type Pick, type WaitingTicket } from './assignment.pick';
import * as repo from './assignment.repository';

/** Tickets one claim transaction takes at most; a bigger backlog is several transactions. */
export const CLAIM_BATCH = 500;
/**
 * A waiting ticket another transaction held during a claim (SKIP LOCKED passed it: a send
 * touching the ticket, an agent accepting it) is looked at again this many times, this much
 * later each time, before the sweep is left to find it.
 */
const SKIPPED_RETRIES = 5;
const SKIPPED_RETRY_MS = 150;

export type ReassignOutcome = 'reassigned' | 'stale' | 'early' | 'answered' | 'no-agent';

export const createAssignmentService = (deps: { data: DataAccess; jobs: Jobs; clock: Clock }) => {
  const { data, jobs, clock } = deps;

  /** Each new assignment in a queue with `reassignAfterMinutes` gets its job, due then (in the claim's transaction). */
  const planReassign = async (unit: Unit, companyId: number, picks: Pick[], minutesOf: (p: Pick) => number | null, at: Date) => {
    const byMinutes = new Map<number, Pick[]>();
    for (const p of picks) {
      const m = minutesOf(p);
      if (m) byMinutes.set(m, [...(byMinutes.get(m) ?? []), p]);
    }
    for (const [minutes, ps] of byMinutes) {
      await jobs.enqueueMany(unit.tx, 'assignment.reassign', ps.map((p) => ({ companyId, ticketId: p.ticketId, userId: p.userId, assignedAt: at.toISOString() })), { startAfterSeconds: minutes * 60 });
    }
  };

  /** One claim: the company's lock, its oldest waiting tickets, its qualifying agents, the picks, the verbs. */
  const claim = (companyId: number): Promise<{ assigned: number; more: boolean; skipped: boolean }> =>
    data.withTenant({ companyId }, async (unit) => {
      await repo.lockCompany(unit.tx, companyId);
      const waiting = await repo.lockWaiting(unit.tx, companyId, CLAIM_BATCH);
      const skipped = waiting.length < CLAIM_BATCH && (await repo.waitingBesides(unit.tx, companyId, waiting.map((w) => w.id)));
      if (waiting.length === 0) return { assigned: 0, more: false, skipped };
      const agents = await repo.agentsOf(unit.tx, companyId, [...new Set(waiting.map((w) => w.queueId))]);
      if (agents.size === 0) return { assigned: 0, more: false, skipped: false };
      const now = clock.now();
      const picks = pickAgents(waiting, agents, await repo.lastAgents(unit.tx, companyId, waiting.map((w) => w.contactId)), now.getTime());
      const done = new Set(await ticketsQueries.assignMany(unit, companyId, picks.map((p) => ({ ticketId: p.ticketId, userId: p.userId, detail: { policy: p.policy, reason: p.reason } })), now));
      const kept = picks.filter((p) => done.has(p.ticketId));
      await repo.touchAgents(unit.tx, companyId, kept);
      const minutes = new Map(waiting.map((w) => [w.id, w.reassignAfterMinutes]));
      await planReassign(unit, companyId, kept, (p) => minutes.get(p.ticketId) ?? null, now);
      return { assigned: kept.length, more: waiting.length === CLAIM_BATCH && kept.length > 0, skipped };
    });

  return {
    /** Gives every waiting ticket of the company an agent while some qualify; how many were assigned. */
    flow: async (companyId: number): Promise<number> => {
      let total = 0;
      for (let tries = 0; ; ) {
        const r = await claim(companyId);
        total += r.assigned;
        if (r.more) continue;
        if (!r.skipped || ++tries > SKIPPED_RETRIES) return total;
        await new Promise((resolve) => setTimeout(resolve, SKIPPED_RETRY_MS * tries));
      }
    },

    /**
     * `assignment.reassign`: the ticket still holds that assignment, nobody answered it in the
     * queue's minutes → the next qualifying agent (never the same one), by the queue's policy,
     * with an `auto-reassigned` timeline row and the next job. Anything else changes nothing.
     */
    reassign: (p: { companyId: number; ticketId: number; userId: number; assignedAt: string }): Promise<ReassignOutcome> =>
      data.withTenant({ companyId: p.companyId }, async (unit) => {
        await repo.lockCompany(unit.tx, p.companyId);
        const t = await repo.lockAssigned(unit.tx, p.companyId, p.ticketId);
        const assignedAt = new Date(p.assignedAt);
        const same = t && t.status === 'open' && t.userId === p.userId && t.acceptedAt && new Date(t.acceptedAt).getTime() === assignedAt.getTime();
        if (!t || !same || !t.queueId || !t.minutes || (t.policy !== 'round_robin' && t.policy !== 'balanced')) return 'stale';
        const due = assignedAt.getTime() + t.minutes * 60_000;
        const now = clock.now();
        if (now.getTime() < due) {
          // Early (another process's clock): try again when due.
          await jobs.enqueue(unit.tx, 'assignment.reassign', p, { startAfterSeconds: Math.ceil((due - now.getTime()) / 1000) });
          return 'early';
        }
        if (await repo.answeredSince(unit.tx, p.companyId, p.ticketId, p.userId, assignedAt)) return 'answered';
        const waiting: WaitingTicket = { id: p.ticketId, queueId: t.queueId, contactId: 0, policy: t.policy, capacity: t.capacity };
        const [pick] = pickAgents([waiting], await repo.agentsOf(unit.tx, p.companyId, [t.queueId], p.userId), new Map(), now.getTime());
        if (!pick) return 'no-agent';
        const moved = await ticketsQueries.reassign(unit, p.companyId, { ticketId: p.ticketId, fromUserId: p.userId, toUserId: pick.userId, assignedAt, detail: { policy: t.policy, minutes: t.minutes } }, now);
        if (!moved) return 'stale';
        await repo.touchAgents(unit.tx, p.companyId, [pick]);
        await planReassign(unit, p.companyId, [pick], () => t.minutes, now);
        return 'reassigned';
      }),

    /** The companies a sweep should look at: tickets waiting in a queue that assigns. */
    companiesWaiting: (limit = 1000): Promise<number[]> => data.withSystem('assignment:sweep', ({ tx }) => repo.companiesWaiting(tx, limit)),
  };
};

export type AssignmentService = ReturnType<typeof createAssignmentService>;
