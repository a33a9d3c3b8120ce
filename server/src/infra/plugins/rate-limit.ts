import fp from 'fastify-plugin';
import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { RateLimitCounter } from '../../db/rate-limits';
import { AppError } from '../errors';

/**
 * Every limited route, in one place: add `reset`, `signup`, the external API… here and put
 * `config: rateLimited('<name>')` on the route. Counted per client IP (which TRUST_PROXY decides).
 */
export const RATE_LIMITS = {
  // The production default; LOGIN_RATE_LIMIT (config.loginRateLimit) replaces it, e.g. for the e2e server.
  login: { max: 30, windowMs: 60_000 },
  refresh: { max: 60, windowMs: 60_000 },
  // Issue 14 (decision 0255): a signup creates a company; a reset request sends a mail.
  signup: { max: 20, windowMs: 60 * 60_000 },
  forgot: { max: 20, windowMs: 15 * 60_000 },
  reset: { max: 30, windowMs: 15 * 60_000 },
  // Billing (decision 0281): payment webhooks are public until their token is checked.
  paymentWebhook: { max: 300, windowMs: 60_000 },
  // Issue 15 §3 (decision 0296): the external API, per connection token (not per IP).
  api: { max: 60, windowMs: 60_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Route config for a named limit: `app.post('/auth/login', { config: rateLimited('login') }, …)`.
 * `keyOf` counts per something else than the client IP (the external API: per token); `max`
 * replaces the table's count where the configuration chooses it (LOGIN_RATE_LIMIT).
 */
export const rateLimited = (
  name: RateLimitName,
  keyOf: (req: FastifyRequest) => string = (req) => req.ip,
  max: number = RATE_LIMITS[name].max,
): { rateLimit: RateLimitOptions } => ({
  rateLimit: {
    max,
    timeWindow: RATE_LIMITS[name].windowMs,
    keyGenerator: (req: FastifyRequest) => `${name}:${keyOf(req)}`,
  },
});

/** The @fastify/rate-limit store interface over the PostgreSQL counters (one count per cluster). */
const pgStore = (count: RateLimitCounter) =>
  class PgRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      count(key, timeWindow).then(
        (hit) => cb(null, { current: hit.count, ttl: hit.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    child() {
      // Keys already carry the limit's name (rateLimited), so routes share nothing by accident.
      return this;
    }
  };

export interface RateLimitPluginOptions {
  count: RateLimitCounter;
}

/** @fastify/rate-limit, off by default, on for the routes that ask (rateLimited). */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, opts) => {
    await app.register(fastifyRateLimit, {
      global: false,
      store: pgStore(opts.count),
      errorResponseBuilder: () => new AppError('ERR_TOO_MANY_REQUESTS'),
    });
  },
  { name: 'balcao-rate-limit' },
);
