import { describe, expect, it } from 'vitest';
import type { SlaState } from '@balcao/shared';
import type { BusinessCalendar } from './business-time';
import { nextCheck, onAgentReply, onClose, onCustomerMessage, onRetarget, startClock, sweepClocks } from './sla.clock';

const always: BusinessCalendar = { timeZone: 'UTC', periods: [], holidays: [] };
const at = (iso: string) => new Date(iso);
const targets = { firstResponseMinutes: 10, nextResponseMinutes: 20, resolutionMinutes: 100 };

describe('SLA clocks, step by step', () => {
  it('starts first response and resolution with the customer’s first message, the warning at four fifths', () => {
    const s = onCustomerMessage(null, always, targets, at('2026-12-01T12:00:00Z'))!;
    expect(s.firstResponse).toEqual({ startedAt: '2026-12-01T12:00:00.000Z', dueAt: '2026-12-01T12:10:00.000Z', warnAt: '2026-12-01T12:08:00.000Z', warnedAt: null, breachedAt: null, metAt: null, stoppedAt: null });
    expect(s.resolution?.dueAt).toBe('2026-12-01T13:40:00.000Z');
    expect(s).toMatchObject({ nextResponse: null, awaitingReply: true, nextResponseBreaches: 0 });
    expect(nextCheck(s)?.toISOString()).toBe('2026-12-01T12:08:00.000Z');
    // Without any target nothing starts; more messages while a reply is owed change nothing.
    expect(onCustomerMessage(null, always, { firstResponseMinutes: null, nextResponseMinutes: null, resolutionMinutes: null }, at('2026-12-01T12:00:00Z'))).toBeNull();
    expect(onCustomerMessage(s, always, targets, at('2026-12-01T12:01:00Z'))).toBeNull();
  });

  it('stamps a warning, then a breach, each once; a swept state sweeps to nothing new', () => {
    const s = onCustomerMessage(null, always, targets, at('2026-12-01T12:00:00Z'))!;
    const early = sweepClocks(s, at('2026-12-01T12:07:00Z'));
    expect(early.alerts).toEqual([]);
    const warned = sweepClocks(s, at('2026-12-01T12:08:30Z'));
    expect(warned.alerts).toEqual([{ target: 'firstResponse', kind: 'warning', dueAt: '2026-12-01T12:10:00.000Z' }]);
    expect(sweepClocks(warned.state, at('2026-12-01T12:09:00Z')).alerts).toEqual([]);
    expect(nextCheck(warned.state)?.toISOString()).toBe('2026-12-01T12:10:00.000Z');
    const breached = sweepClocks(warned.state, at('2026-12-01T12:11:00Z'));
    expect(breached.alerts).toEqual([{ target: 'firstResponse', kind: 'breach', dueAt: '2026-12-01T12:10:00.000Z' }]);
    expect(breached.state.firstResponse?.breachedAt).toBe('2026-12-01T12:11:00.000Z');
    expect(sweepClocks(breached.state, at('2026-12-01T12:30:00Z')).alerts).toEqual([]);
    // A breached clock is no longer checked; the resolution's warning is next.
    expect(nextCheck(breached.state)?.toISOString()).toBe(breached.state.resolution!.warnAt);
    // A sweep that finds a clock past its deadline unwarned stamps the breach (and the warning with it).
    const late = sweepClocks(s, at('2026-12-01T12:20:00Z'));
    expect(late.alerts.map((a) => a.kind)).toEqual(['breach']);
    expect(late.state.firstResponse).toMatchObject({ warnedAt: '2026-12-01T12:20:00.000Z', breachedAt: '2026-12-01T12:20:00.000Z' });
  });

  it('meets the first response with the answer (the breach stays), then runs a next response per customer turn', () => {
    const s = onCustomerMessage(null, always, targets, at('2026-12-01T12:00:00Z'))!;
    const breached = sweepClocks(s, at('2026-12-01T12:11:00Z')).state;
    const answered = onAgentReply(breached, at('2026-12-01T12:15:00Z'))!;
    expect(answered.firstResponse).toMatchObject({ metAt: '2026-12-01T12:15:00.000Z', breachedAt: '2026-12-01T12:11:00.000Z' });
    expect(answered.awaitingReply).toBe(false);
    expect(onAgentReply(answered, at('2026-12-01T12:16:00Z'))).toBeNull();
    const turn = onCustomerMessage(answered, always, targets, at('2026-12-01T12:30:00Z'))!;
    expect(turn.nextResponse).toMatchObject({ startedAt: '2026-12-01T12:30:00.000Z', dueAt: '2026-12-01T12:50:00.000Z' });
    const late = sweepClocks(turn, at('2026-12-01T12:51:00Z')).state;
    expect(late.nextResponseBreaches).toBe(1);
    const again = onCustomerMessage(onAgentReply(late, at('2026-12-01T12:52:00Z')), always, targets, at('2026-12-01T13:00:00Z'))!;
    // A new turn's clock; the count of breached turns is kept.
    expect(again).toMatchObject({ nextResponseBreaches: 1, nextResponse: { startedAt: '2026-12-01T13:00:00.000Z', breachedAt: null } });
  });

  it('closes: resolution met, a response still owed stopped unmet, nothing left to check', () => {
    const s = onCustomerMessage(null, always, targets, at('2026-12-01T12:00:00Z'))!;
    const closed = onClose(s, at('2026-12-01T12:05:00Z'))!;
    expect(closed.resolution?.metAt).toBe('2026-12-01T12:05:00.000Z');
    expect(closed.firstResponse).toMatchObject({ stoppedAt: '2026-12-01T12:05:00.000Z', metAt: null });
    expect(nextCheck(closed)).toBeNull();
    expect(onClose(closed, at('2026-12-01T12:06:00Z'))).toBeNull();
  });

  it('moves running, unbreached clocks to another queue’s targets from their start; a breached one keeps its deadline', () => {
    const s = onCustomerMessage(null, always, targets, at('2026-12-01T12:00:00Z'))!;
    const moved = onRetarget(s, always, { firstResponseMinutes: 5, nextResponseMinutes: null, resolutionMinutes: 100 })!;
    expect(moved.firstResponse?.dueAt).toBe('2026-12-01T12:05:00.000Z');
    expect(moved.resolution).toEqual(s.resolution);
    expect(onRetarget(moved, always, { firstResponseMinutes: 5, nextResponseMinutes: null, resolutionMinutes: 100 })).toBeNull();
    const breached = sweepClocks(s, at('2026-12-01T12:11:00Z')).state;
    expect(onRetarget(breached, always, { firstResponseMinutes: 60, nextResponseMinutes: null, resolutionMinutes: 100 })).toBeNull();
    // A queue without that target: the clock stops (it started at its start, so it is never checked).
    const none: SlaState = onRetarget(s, always, { firstResponseMinutes: null, nextResponseMinutes: null, resolutionMinutes: 100 })!;
    expect(none.firstResponse?.stoppedAt).toBe('2026-12-01T12:00:00.000Z');
  });

  it('has no deadline where the calendar never opens', () => {
    expect(startClock({ timeZone: 'UTC', periods: [{ weekday: 1, start: '00:00', end: '00:00' }], holidays: [] }, at('2026-12-01T12:00:00Z'), 10)).toBeNull();
  });
});
