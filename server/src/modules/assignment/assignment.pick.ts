/**
 * Who gets each waiting ticket (issue 30 §2; decision 0381), decided in memory from what one
 * locked transaction read: pure, so the rules are tested without a database.
 *
 * - Only agents of the ticket's queue who are online (not away, not offline) and under capacity:
 *   their own `maxTickets`, else the queue's `agentCapacity`, else no limit; open tickets count
 *   across every queue.
 * - A returning customer goes to their last agent when that agent qualifies.
 * - `round_robin`: the agent assigned least recently in that queue (never assigned first).
 * - `balanced`: the fewest open tickets, ties to the least recently assigned in that queue.
 * - Tickets are taken oldest first; each pick counts at once (open + 1, assigned now), so one
 *   batch spreads as a sequence of single claims would.
 */
import type { AssignmentPolicy } from '@balcao/shared';

export interface WaitingTicket {
  id: number;
  queueId: number;
  contactId: number;
  policy: Exclude<AssignmentPolicy, 'none'>;
  /** The queue's agentCapacity (null: no limit). */
  capacity: number | null;
}

export interface Agent {
  userId: number;
  /** Open tickets they hold now, in any queue. */
  open: number;
  maxTickets: number | null;
  /** Per queue of theirs: when assignment last gave them one of its tickets (ms; absent: never). */
  lastAssigned: Map<number, number>;
}

export interface Pick {
  ticketId: number;
  userId: number;
  queueId: number;
  policy: WaitingTicket['policy'];
  /** Why this agent: the queue's policy, or the customer's last agent. */
  reason: 'returning' | 'policy';
  /** When it counts as assigned (ms): later picks of the batch are later, so round robin goes on turning. */
  at: number;
}

const hasRoom = (a: Agent, queueCapacity: number | null) => a.open < (a.maxTickets ?? queueCapacity ?? Number.POSITIVE_INFINITY);
const last = (a: Agent, queueId: number) => a.lastAssigned.get(queueId) ?? Number.NEGATIVE_INFINITY;

/** The agent a policy chooses among `candidates` (non-empty) for a ticket of `queueId`. */
export const choose = (policy: WaitingTicket['policy'], queueId: number, candidates: Agent[]): Agent =>
  candidates.reduce((best, a) => {
    const byOpen = policy === 'balanced' ? a.open - best.open : 0;
    if (byOpen !== 0) return byOpen < 0 ? a : best;
    const byTurn = last(a, queueId) - last(best, queueId);
    if (byTurn !== 0) return byTurn < 0 ? a : best;
    return a.userId < best.userId ? a : best;
  });

/**
 * Picks for `tickets` (oldest first) among `agentsByQueue` (the qualifying agents of each queue;
 * one Agent object per user, shared between their queues). `lastAgentOf`: each returning
 * customer's last agent. `now`: the batch's time; picks are `now`, `now + 1` … (and after any
 * earlier assignment, so a second batch at the same clock reading still turns the wheel).
 */
export const pickAgents = (tickets: WaitingTicket[], agentsByQueue: Map<number, Agent[]>, lastAgentOf: Map<number, number>, now: number): Pick[] => {
  const agents = new Set([...agentsByQueue.values()].flat());
  let at = Math.max(now, ...[...agents].flatMap((a) => [...a.lastAssigned.values()].map((t) => t + 1)));
  const picks: Pick[] = [];
  for (const t of tickets) {
    const candidates = (agentsByQueue.get(t.queueId) ?? []).filter((a) => hasRoom(a, t.capacity));
    if (candidates.length === 0) continue;
    const returning = candidates.find((a) => a.userId === lastAgentOf.get(t.contactId));
    const agent = returning ?? choose(t.policy, t.queueId, candidates);
    agent.open += 1;
    agent.lastAssigned.set(t.queueId, at);
    picks.push({ ticketId: t.id, userId: agent.userId, queueId: t.queueId, policy: t.policy, reason: returning ? 'returning' : 'policy', at });
    at += 1;
  }
  return picks;
};
