import { slaRunning, slaTargets, type SlaState, type SlaTarget } from '@balcao/shared';

/** ok: time left; warn: the last fifth (amber); breach: the deadline passed (red). */
export type SlaLevel = 'ok' | 'warn' | 'breach';

export interface SlaView {
  target: SlaTarget;
  dueAt: number;
  /** ms until the deadline; negative once past. */
  left: number;
  level: SlaLevel;
}

/** The running clock due soonest, as the badge shows it at `now`; null when none runs. */
export const slaView = (sla: SlaState | null | undefined, now: number): SlaView | null => {
  if (!sla) return null;
  let view: SlaView | null = null;
  for (const target of slaTargets) {
    const c = sla[target];
    if (!slaRunning(c)) continue;
    const dueAt = Date.parse(c.dueAt);
    if (view && dueAt >= view.dueAt) continue;
    const level: SlaLevel = c.breachedAt || now >= dueAt ? 'breach' : now >= Date.parse(c.warnAt) ? 'warn' : 'ok';
    view = { target, dueAt, left: dueAt - now, level };
  }
  return view;
};

/**
 * '45 min', '2 h 05', '3 d 4 h' (the same in pt-BR, en and es), of the time's absolute value: time
 * left rounds up (30 s left is '1 min', not '0 min'), time late rounds down. With `seconds`, under an
 * hour reads 'm:ss' (the header's countdown, which ticks every second).
 */
export const formatLeft = (ms: number, seconds = false): string => {
  const abs = Math.abs(ms);
  if (seconds && abs < 3_600_000) {
    const s = ms >= 0 ? Math.ceil(abs / 1000) : Math.floor(abs / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }
  const minutes = ms >= 0 ? Math.ceil(abs / 60_000) : Math.floor(abs / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')}`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
};
