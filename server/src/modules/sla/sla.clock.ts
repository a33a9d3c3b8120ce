/**
 * A ticket's SLA clocks as pure steps (issue 30 §3): each event of the conversation gives the
 * state after it, or null when it changes nothing (the caller then writes nothing). Deadlines are
 * set when a clock starts; a breach is stamped once, when the sweep sees it, and kept.
 */
import { slaRunning, slaTargets, type SlaClock, type SlaState, type SlaTarget, type SlaTargetsDto } from '@balcao/shared';
import { deadline, type BusinessCalendar } from './business-time';

/** The last fifth of a target is its warning: the badge turns amber, supervisors hear of it. */
export const WARN_AT = 0.8;

const minutesOf: Record<SlaTarget, keyof SlaTargetsDto> = {
  firstResponse: 'firstResponseMinutes',
  nextResponse: 'nextResponseMinutes',
  resolution: 'resolutionMinutes',
};

/** A clock started at `at` for `minutes` of business time; null without a target or open hours ahead. */
export const startClock = (cal: BusinessCalendar, at: Date, minutes: number | null): SlaClock | null => {
  if (!minutes) return null;
  const due = deadline(cal, at, minutes);
  const warn = deadline(cal, at, minutes * WARN_AT);
  if (!due || !warn) return null;
  return { startedAt: at.toISOString(), dueAt: due.toISOString(), warnAt: warn.toISOString(), warnedAt: null, breachedAt: null, metAt: null, stoppedAt: null };
};

const empty: SlaState = { firstResponse: null, nextResponse: null, resolution: null, nextResponseBreaches: 0, awaitingReply: true };

/**
 * The customer wrote. A ticket without clocks starts its first response and resolution (none
 * when the policy has neither); once an agent has answered, the customer's next message starts
 * a next response. While a reply is owed, more messages change nothing.
 */
export const onCustomerMessage = (state: SlaState | null, cal: BusinessCalendar, targets: SlaTargetsDto, at: Date): SlaState | null => {
  if (!state) {
    const firstResponse = startClock(cal, at, targets.firstResponseMinutes);
    const resolution = startClock(cal, at, targets.resolutionMinutes);
    return firstResponse || resolution ? { ...empty, firstResponse, resolution } : null;
  }
  if (state.awaitingReply) return null;
  return { ...state, awaitingReply: true, nextResponse: startClock(cal, at, targets.nextResponseMinutes) ?? state.nextResponse };
};

/** An agent answered: a running first or next response is met (breached or not: both stamps stay). */
export const onAgentReply = (state: SlaState | null, at: Date): SlaState | null => {
  if (!state?.awaitingReply) return null;
  const iso = at.toISOString();
  const met = (c: SlaClock | null) => (slaRunning(c) ? { ...c, metAt: iso } : c);
  return { ...state, awaitingReply: false, firstResponse: met(state.firstResponse), nextResponse: met(state.nextResponse) };
};

/** The ticket closed: resolution is met; a response still owed stops unmet. */
export const onClose = (state: SlaState | null, at: Date): SlaState | null => {
  if (!state || !slaTargets.some((k) => slaRunning(state[k]))) return null;
  const iso = at.toISOString();
  const stop = (c: SlaClock | null) => (slaRunning(c) ? { ...c, stoppedAt: iso } : c);
  return {
    ...state,
    firstResponse: stop(state.firstResponse),
    nextResponse: stop(state.nextResponse),
    resolution: slaRunning(state.resolution) ? { ...state.resolution, metAt: iso } : state.resolution,
  };
};

/**
 * The ticket moved to another queue: each running clock not yet breached takes that queue's target,
 * counted from when it started (a breach already stamped stays, as does its deadline).
 */
export const onRetarget = (state: SlaState | null, cal: BusinessCalendar, targets: SlaTargetsDto): SlaState | null => {
  if (!state) return null;
  let changed = false;
  const next = { ...state };
  for (const k of slaTargets) {
    const c = state[k];
    if (!slaRunning(c) || c.breachedAt) continue;
    const again = startClock(cal, new Date(c.startedAt), targets[minutesOf[k]]);
    const kept = again ? { ...again, warnedAt: c.warnedAt && c.warnedAt >= again.warnAt ? c.warnedAt : null } : { ...c, stoppedAt: c.startedAt };
    if (kept.dueAt === c.dueAt && kept.stoppedAt === c.stoppedAt) continue;
    next[k] = kept;
    changed = true;
  }
  return changed ? next : null;
};

export interface SlaAlert {
  target: SlaTarget;
  kind: 'warning' | 'breach';
  dueAt: string;
}

/** What is due by `now`: warnings entered, breaches passed (each stamped once). */
export const sweepClocks = (state: SlaState, now: Date): { state: SlaState; alerts: SlaAlert[] } => {
  const iso = now.toISOString();
  const alerts: SlaAlert[] = [];
  const next = { ...state };
  for (const k of slaTargets) {
    const c = state[k];
    if (!slaRunning(c)) continue;
    if (!c.breachedAt && c.dueAt <= iso) {
      next[k] = { ...c, breachedAt: iso, warnedAt: c.warnedAt ?? iso };
      if (k === 'nextResponse') next.nextResponseBreaches = state.nextResponseBreaches + 1;
      alerts.push({ target: k, kind: 'breach', dueAt: c.dueAt });
    } else if (!c.warnedAt && c.warnAt <= iso) {
      next[k] = { ...c, warnedAt: iso };
      alerts.push({ target: k, kind: 'warning', dueAt: c.dueAt });
    }
  }
  return { state: next, alerts };
};

/** The next moment the sweep has something to do on this ticket; null when nothing will. */
export const nextCheck = (state: SlaState | null): Date | null => {
  if (!state) return null;
  let soonest: string | null = null;
  for (const k of slaTargets) {
    const c = state[k];
    if (!slaRunning(c) || c.breachedAt) continue;
    const at = c.warnedAt ? c.dueAt : c.warnAt;
    if (!soonest || at < soonest) soonest = at;
  }
  return soonest ? new Date(soonest) : null;
};
