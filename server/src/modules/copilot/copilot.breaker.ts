/**
 * A circuit breaker per model endpoint (issue 32 §7; decision 0403), in the process's memory.
 * After `threshold` failures in a row (timeout, 429, 5xx, network) the circuit opens: calls fail
 * at once for `cooldownMs` without reaching the model, so a down or slow model is not hammered by
 * every agent's click. Then one trial call is let through (half-open): a success closes the
 * circuit, a failure opens it again. A 429 with Retry-After opens it for that long (at most 5 min).
 * Each process keeps its own: a cluster of N processes sends at most N trial calls per cooldown.
 */
export interface BreakerOptions {
  threshold: number;
  cooldownMs: number;
  now: () => number;
}

interface State {
  failures: number;
  openUntil: number;
  trial: boolean;
}

export const MAX_RETRY_AFTER_MS = 5 * 60_000;

export const createBreaker = (opts: BreakerOptions) => {
  const states = new Map<string, State>();
  const of = (key: string) => {
    let s = states.get(key);
    if (!s) states.set(key, (s = { failures: 0, openUntil: 0, trial: false }));
    return s;
  };
  return {
    /** Whether a call may go now; false while open, or while the half-open trial is out. */
    allow(key: string): boolean {
      const s = of(key);
      if (s.failures < opts.threshold && s.openUntil === 0) return true;
      if (opts.now() < s.openUntil || s.trial) return false;
      s.trial = true;
      return true;
    },
    success(key: string): void {
      states.delete(key);
    },
    /** A failure that says the model is unwell; `retryAfterMs` when it told us how long to wait. */
    failure(key: string, retryAfterMs?: number): void {
      const s = of(key);
      s.failures++;
      s.trial = false;
      const wait = retryAfterMs !== undefined ? Math.min(retryAfterMs, MAX_RETRY_AFTER_MS) : s.failures >= opts.threshold ? opts.cooldownMs : 0;
      if (wait > 0) s.openUntil = opts.now() + wait;
    },
    /** An answer that was not a failure of the model (a 4xx of ours): the trial, if any, is over. */
    settle(key: string): void {
      of(key).trial = false;
    },
  };
};

export type Breaker = ReturnType<typeof createBreaker>;
