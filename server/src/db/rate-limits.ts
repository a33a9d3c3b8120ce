import type postgres from 'postgres';

export interface Hit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Sweep expired counters once every this many hits (a cheap indexed delete). */
const SWEEP_EVERY = 500;

/**
 * Fixed-window counters in PostgreSQL (`rate_limits`, policies/30-rate-limit.sql): one upsert
 * per request, atomic under concurrency, timed by the database clock so every process agrees.
 */
export const createRateLimitCounter = (sql: postgres.Sql) => {
  let sinceSweep = 0;
  return async (key: string, windowMs: number): Promise<Hit> => {
    if (++sinceSweep >= SWEEP_EVERY) {
      sinceSweep = 0;
      void sql`delete from rate_limits where reset_at < now()`.catch(() => undefined);
    }
    const [row] = await sql<{ hits: number; ttl: string }[]>`
      insert into rate_limits (key, hits, reset_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning hits, ceil(extract(epoch from (reset_at - now())) * 1000)::text as ttl`;
    return { count: row!.hits, ttlMs: Math.max(0, Number(row!.ttl)) };
  };
};

export type RateLimitCounter = ReturnType<typeof createRateLimitCounter>;
