import { describe, expect, it } from 'vitest';
import { businessMs, deadline, periodsOfSchedule, zonedInstant, type BusinessCalendar } from './business-time';

// São Paulo is UTC−3 all year (no DST since 2019): 08:00 local = 11:00Z.
const SP = 'America/Sao_Paulo';
const weekdays = [1, 2, 3, 4, 5];
/** Two periods a day, Monday to Friday: 08:00–12:00 and 13:00–18:00. */
const twoPeriods: BusinessCalendar = {
  timeZone: SP,
  periods: weekdays.flatMap((weekday) => [
    { weekday, start: '08:00', end: '12:00' },
    { weekday, start: '13:00', end: '18:00' },
  ]),
  holidays: ['2026-12-25'],
};
const at = (iso: string) => new Date(iso);

describe('business time', () => {
  it('converts a local wall-clock time to its instant', () => {
    expect(new Date(zonedInstant('2026-12-01', '08:00', SP)).toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(new Date(zonedInstant('2026-12-01', '24:00', SP)).toISOString()).toBe('2026-12-02T03:00:00.000Z');
    // Across a DST change: New York is UTC−4 in July, UTC−5 in December.
    expect(new Date(zonedInstant('2026-07-01', '09:00', 'America/New_York')).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(new Date(zonedInstant('2026-12-01', '09:00', 'America/New_York')).toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });

  it('counts only the open periods, skipping lunch, the night and the weekend', () => {
    // Tuesday 2026-12-01 11:30 local → 13:30 local: 30 min before lunch + 30 after.
    expect(businessMs(twoPeriods, at('2026-12-01T14:30:00Z'), at('2026-12-01T16:30:00Z'))).toBe(60 * 60_000);
    // Friday 17:00 → Monday 09:00: one hour Friday, one hour Monday.
    expect(businessMs(twoPeriods, at('2026-12-04T20:00:00Z'), at('2026-12-07T12:00:00Z'))).toBe(2 * 60 * 60_000);
    expect(businessMs(twoPeriods, at('2026-12-07T12:00:00Z'), at('2026-12-04T20:00:00Z'))).toBe(0);
  });

  it('puts a deadline past lunch, the night and a holiday', () => {
    // Tuesday 11:50 + 20 min → 13:10 (lunch skipped).
    expect(deadline(twoPeriods, at('2026-12-01T14:50:00Z'), 20)?.toISOString()).toBe('2026-12-01T16:10:00.000Z');
    // Tuesday 17:50 + 20 min → Wednesday 08:10.
    expect(deadline(twoPeriods, at('2026-12-01T20:50:00Z'), 20)?.toISOString()).toBe('2026-12-02T11:10:00.000Z');
    // Thursday 24 Dec 17:30 + 60 min: Friday 25 is a holiday, so Monday 28 at 08:30.
    expect(deadline(twoPeriods, at('2026-12-24T20:30:00Z'), 60)?.toISOString()).toBe('2026-12-28T11:30:00.000Z');
    // Outside hours (Saturday) the clock starts Monday 08:00.
    expect(deadline(twoPeriods, at('2026-12-05T15:00:00Z'), 9 * 60 + 15)?.toISOString()).toBe('2026-12-08T11:15:00.000Z');
  });

  it('is the inverse of business time', () => {
    const t0 = at('2026-12-03T19:47:00Z');
    for (const minutes of [1, 13, 60, 240, 600, 1440]) {
      const due = deadline(twoPeriods, t0, minutes)!;
      expect(businessMs(twoPeriods, t0, due)).toBe(minutes * 60_000);
    }
  });

  it('is open around the clock without periods, and never with every day closed', () => {
    const always: BusinessCalendar = { timeZone: SP, periods: [], holidays: [] };
    expect(deadline(always, at('2026-12-05T15:00:00Z'), 90)?.toISOString()).toBe('2026-12-05T16:30:00.000Z');
    const never: BusinessCalendar = { timeZone: SP, periods: periodsOfSchedule([{ weekdayEn: 'monday', startTime: '', endTime: '' }]), holidays: [] };
    expect(deadline(never, at('2026-12-05T15:00:00Z'), 1)).toBeNull();
  });

  it('reads the spec’s company schedule: one period a day, overnight and the day’s last minute', () => {
    expect(
      periodsOfSchedule([
        { weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
        { weekdayEn: 'friday', startTime: '22:00', endTime: '06:00' },
        { weekdayEn: 'saturday', startTime: '10:00', endTime: '23:59' },
        { weekdayEn: 'sunday', startTime: '', endTime: '' },
      ]),
    ).toEqual([
      { weekday: 1, start: '08:00', end: '18:00' },
      { weekday: 5, start: '22:00', end: '24:00' },
      { weekday: 6, start: '00:00', end: '06:00' },
      { weekday: 6, start: '10:00', end: '24:00' },
    ]);
    expect(periodsOfSchedule([])).toEqual([]);
  });

  it('reads an unknown time zone as São Paulo', () => {
    const cal = { ...twoPeriods, timeZone: 'Mars/Olympus' };
    expect(deadline(cal, at('2026-12-01T14:50:00Z'), 20)?.toISOString()).toBe('2026-12-01T16:10:00.000Z');
  });
});
