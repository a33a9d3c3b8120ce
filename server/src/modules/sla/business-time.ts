/**
 * Business time (issue 30 §3): the open periods of a company's week, in its time zone, minus its
 * holidays. Pure: an SLA deadline is `deadline(start, minutes)`, its elapsed part
 * `businessMs(start, now)`. Periods are local wall-clock times; a period's end is exclusive.
 */
import { addDays, dayIn } from '../../infra/clock';

/** One open period: weekday 0 = Sunday … 6 = Saturday, 'HH:MM' to 'HH:MM' ('24:00' = the day's end). */
export interface BusinessPeriod {
  weekday: number;
  start: string;
  end: string;
}

export interface BusinessCalendar {
  timeZone: string;
  /** No period at all = open around the clock (as an empty schedule is for the bot, decision 0162). */
  periods: BusinessPeriod[];
  /** Local days ('YYYY-MM-DD') closed all day. */
  holidays: string[];
}

const FALLBACK_ZONE = 'America/Sao_Paulo';
/** How far a search looks before deciding the calendar is never open (a year and a bit). */
const HORIZON_DAYS = 400;

const zoneOf = (timeZone: string): string => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return FALLBACK_ZONE;
  }
};

/** The zone's offset from UTC at `at`, in ms (local = UTC + offset). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetAt = (at: number, timeZone: string): number => {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(at / 1000) * 1000;
};

/** The instant a local day's 'HH:MM' is in `timeZone` ('24:00' is the next day's 00:00). */
export const zonedInstant = (day: string, hhmm: string, timeZone: string): number => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const wall = Date.parse(`${day}T00:00:00Z`) + (h * 60 + m) * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  // Across a DST change the offset at the guess may differ from the offset at the answer.
  return wall - offsetAt(first, timeZone);
};

const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** A day's open intervals as instants, in order. */
const openIntervals = (cal: BusinessCalendar, day: string, zone: string): [number, number][] => {
  if (cal.holidays.includes(day)) return [];
  if (cal.periods.length === 0) return [[zonedInstant(day, '00:00', zone), zonedInstant(addDays(day, 1), '00:00', zone)]];
  const wd = weekdayOf(day);
  return cal.periods
    .filter((p) => p.weekday === wd && p.start < p.end)
    .map((p): [number, number] => [zonedInstant(day, p.start, zone), zonedInstant(day, p.end, zone)])
    .sort((a, b) => a[0] - b[0]);
};

/** Each open interval from `from`'s local day on, for at most HORIZON_DAYS days. */
function* intervalsFrom(cal: BusinessCalendar, from: number): Generator<[number, number]> {
  const zone = zoneOf(cal.timeZone);
  // The day before too: an interval of the previous local day may still be running (zones east of UTC).
  let day = addDays(dayIn(new Date(from), zone), -1);
  for (let i = 0; i < HORIZON_DAYS; i++, day = addDays(day, 1)) {
    for (const [a, b] of openIntervals(cal, day, zone)) if (b > from) yield [Math.max(a, from), b];
  }
}

/** The business time between `t0` and `t1`, in ms (0 when t1 ≤ t0). */
export const businessMs = (cal: BusinessCalendar, t0: Date, t1: Date): number => {
  let total = 0;
  for (const [a, b] of intervalsFrom(cal, t0.getTime())) {
    if (a >= t1.getTime()) break;
    total += Math.min(b, t1.getTime()) - a;
  }
  return total;
};

/** `t0` plus `minutes` of business time; null when the calendar has no open time ahead. */
export const deadline = (cal: BusinessCalendar, t0: Date, minutes: number): Date | null => {
  let left = minutes * 60_000;
  for (const [a, b] of intervalsFrom(cal, t0.getTime())) {
    if (b - a >= left) return new Date(a + left);
    left -= b - a;
  }
  return null;
};

const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * The periods of the spec's company schedule (one start/end per weekday; an empty start or end is
 * closed; a start after the end runs overnight; '23:59' is the day's last minute, as for the bot).
 * An empty schedule is no period: open around the clock.
 */
export const periodsOfSchedule = (days: { weekdayEn: string; startTime: string; endTime: string }[]): BusinessPeriod[] => {
  if (days.length === 0) return [];
  const out: BusinessPeriod[] = [];
  for (const d of days) {
    const weekday = WEEKDAYS_EN.indexOf(d.weekdayEn);
    if (weekday < 0 || !d.startTime || !d.endTime) continue;
    const end = d.endTime === '23:59' ? '24:00' : d.endTime;
    if (d.startTime < end) out.push({ weekday, start: d.startTime, end });
    else {
      out.push({ weekday, start: d.startTime, end: '24:00' });
      if (end !== '00:00') out.push({ weekday: (weekday + 1) % 7, start: '00:00', end });
    }
  }
  // Every day closed is still a schedule: a period that never opens keeps it from reading as 24/7.
  return out.length > 0 ? out : [{ weekday: 0, start: '00:00', end: '00:00' }];
};
