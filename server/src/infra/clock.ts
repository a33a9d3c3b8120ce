/** Injected time and ids, so tests can be deterministic. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** 'YYYY-MM-DD' of `at` in an IANA time zone (company days are never the server's days). */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Whole days from `fromDay` to `toDay` (both 'YYYY-MM-DD'). */
export const daysBetween = (fromDay: string, toDay: string): number =>
  Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / 86_400_000);

/** The day `days` after `day` (both 'YYYY-MM-DD'; calendar days, no time zone involved). */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
