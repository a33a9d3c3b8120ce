import { describe, expect, it } from 'vitest';
import type { SlaClock, SlaState } from '@balcao/shared';
import { formatLeft, slaView } from './sla.logic';

const clock = (startedAt: string, dueAt: string, warnAt: string, more: Partial<SlaClock> = {}): SlaClock => ({ startedAt, dueAt, warnAt, warnedAt: null, breachedAt: null, metAt: null, stoppedAt: null, ...more });
const state = (s: Partial<SlaState>): SlaState => ({ firstResponse: null, nextResponse: null, resolution: null, nextResponseBreaches: 0, awaitingReply: true, ...s });
const at = (iso: string) => Date.parse(iso);

describe('the SLA badge’s view', () => {
  const sla = state({
    firstResponse: clock('2026-12-01T12:00:00Z', '2026-12-01T12:30:00Z', '2026-12-01T12:24:00Z'),
    resolution: clock('2026-12-01T12:00:00Z', '2026-12-01T20:00:00Z', '2026-12-01T18:24:00Z'),
  });

  it('shows the running clock due soonest: neutral, amber in its last fifth, red at the deadline', () => {
    expect(slaView(sla, at('2026-12-01T12:10:00Z'))).toEqual({ target: 'firstResponse', dueAt: at('2026-12-01T12:30:00Z'), left: 20 * 60_000, level: 'ok' });
    expect(slaView(sla, at('2026-12-01T12:25:00Z'))?.level).toBe('warn');
    expect(slaView(sla, at('2026-12-01T12:31:00Z'))).toMatchObject({ level: 'breach', left: -60_000 });
  });

  it('stays red once the server stamped the breach, and moves on when the clock is met', () => {
    const breached = state({ ...sla, firstResponse: { ...sla.firstResponse!, breachedAt: '2026-12-01T12:30:00Z' } });
    // Even read against a clock that runs behind the server's.
    expect(slaView(breached, at('2026-12-01T12:20:00Z'))?.level).toBe('breach');
    const met = state({ ...sla, firstResponse: { ...sla.firstResponse!, metAt: '2026-12-01T12:05:00Z' } });
    expect(slaView(met, at('2026-12-01T12:10:00Z'))).toMatchObject({ target: 'resolution', level: 'ok' });
  });

  it('shows nothing without a running clock', () => {
    expect(slaView(null, Date.now())).toBeNull();
    expect(slaView(undefined, Date.now())).toBeNull();
    const closed = state({ resolution: clock('2026-12-01T12:00:00Z', '2026-12-01T20:00:00Z', '2026-12-01T18:24:00Z', { metAt: '2026-12-01T13:00:00Z' }) });
    expect(slaView(closed, Date.now())).toBeNull();
  });

  it('formats what is left in minutes, hours and days, late or not', () => {
    expect(formatLeft(45 * 60_000 + 30_000)).toBe('46 min');
    expect(formatLeft(30_000)).toBe('1 min');
    expect(formatLeft(-5 * 60_000 - 30_000)).toBe('5 min');
    expect(formatLeft(12 * 60_000 + 5_000, true)).toBe('12:05');
    expect(formatLeft(-42_500, true)).toBe('0:42');
    expect(formatLeft(2 * 3_600_000, true)).toBe('2 h 00');
    expect(formatLeft(125 * 60_000)).toBe('2 h 05');
    expect(formatLeft((3 * 24 + 4) * 3_600_000)).toBe('3 d 4 h');
  });
});
