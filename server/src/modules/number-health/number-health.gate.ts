// The gate's arithmetic, pure (decision 0240): the warm-up ramp, the spacing a rate implies and
// the jitter. The counting itself is one SQL statement (number-health.repository#claim).

/** Today's cap of a connection: the daily cap, ramped while the number warms up. */
export const warmupCap = (dailyCap: number, warmupDays: number, warmupDay: number | null): { cap: number; warming: boolean } => {
  // No cap: nothing to ramp (the rate still spaces sends).
  if (dailyCap <= 0) return { cap: 0, warming: false };
  if (warmupDays <= 0 || warmupDay === null || warmupDay > warmupDays) return { cap: dailyCap, warming: false };
  // Linear: day 1 of 7 allows 1/7 of the cap, day 7 the whole cap; never below one message.
  const ramp = Math.max(1, Math.floor((dailyCap * Math.max(1, warmupDay)) / warmupDays));
  return ramp >= dailyCap ? { cap: dailyCap, warming: false } : { cap: ramp, warming: true };
};

/** The day of the ramp (1 = the day it was paired), or null when the number has no pairing date. */
export const warmupDayOf = (daysSincePaired: number | null): number | null => (daysSincePaired === null ? null : Math.max(0, daysSincePaired) + 1);

/** Milliseconds between two sends at `perMinute` (0 = no spacing). */
export const spacingMs = (perMinute: number): number => (perMinute > 0 ? Math.ceil(60_000 / perMinute) : 0);

/** A random wait in [0, jitterMs]. */
export const jitter = (jitterMs: number, random: () => number): number => (jitterMs > 0 ? Math.floor(random() * (jitterMs + 1)) : 0);
