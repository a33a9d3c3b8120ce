/**
 * What a load balancer and a monitoring system ask of one process (issue 31 §5; decision 0353):
 *
 * - `GET /health` — live: the process answers (200), nothing else is checked;
 * - `GET /ready` — the database answers, the job workers run and the WhatsApp sessions were
 *   resumed; 503 `ERR_NOT_READY` (with which check failed) otherwise, and from the moment a
 *   graceful stop begins, so the balancer sends nothing new while in-flight requests finish;
 * - `GET /metrics` — Prometheus text (prom-client): request latency by route, messages stored,
 *   job backlog per queue, sessions, sockets, and the process's own (CPU, memory, event loop).
 *   Behind `METRICS_TOKEN` (bearer) when set; otherwise only for a caller on this machine or a
 *   private network that came through no proxy (a proxied request's socket is the proxy's).
 *
 * None of them is under auth or a company: they say nothing about any tenant's data.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isPrivateAddress } from '../lib/private-host';
import { AppError } from './errors';

/** One check of readiness: resolves when healthy, throws (its message is shown) when not. */
export type ReadyCheck = () => Promise<void>;

export interface OperationsDeps {
  checks: Record<string, ReadyCheck>;
  metricsToken?: string;
  /** Filled on each scrape (gauges read what is, when asked: nothing is kept per request). */
  gauges: {
    jobBacklog: () => Promise<Record<string, number>>;
    sessionsLive: () => number;
    connections: () => Promise<Record<string, number>>;
    sockets: () => number;
  };
}

/** The process's own metrics (CPU, memory, GC, event loop): one set per process, whatever the number of apps in it (tests build many). */
let processRegistry: Registry | undefined;
const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'balcao_' });
  }
  return processRegistry;
};

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** May this request read the metrics? */
export const metricsAllowed = (req: Pick<FastifyRequest, 'headers'> & { socket: { remoteAddress?: string } }, token: string | undefined): boolean => {
  if (token) {
    const header = req.headers.authorization;
    return typeof header === 'string' && header.startsWith('Bearer ') && sameSecret(header.slice(7).trim(), token);
  }
  // No token: this machine or a private network, straight (a proxy forwards the whole world).
  return req.headers['x-forwarded-for'] === undefined && isPrivateAddress(req.socket.remoteAddress ?? '');
};

export const registerOperations = (app: FastifyInstance, deps: OperationsDeps) => {
  const registry = new Registry();
  const requestSeconds = new Histogram({
    name: 'balcao_http_request_duration_seconds',
    help: 'HTTP requests by method, route (its pattern) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const messagesStored = new Counter({ name: 'balcao_messages_stored_total', help: 'Messages stored, by direction (in: from customers, out: sent)', labelNames: ['direction'], registers: [registry] });
  const backlog = new Gauge({ name: 'balcao_job_backlog', help: 'Jobs waiting to run, by queue', labelNames: ['queue'], registers: [registry] });
  const sessionsLive = new Gauge({ name: 'balcao_sessions_live', help: 'WhatsApp sessions this process runs', registers: [registry] });
  const connections = new Gauge({ name: 'balcao_connections', help: "Connections of every company, by status (the cluster's view)", labelNames: ['status'], registers: [registry] });
  const sockets = new Gauge({ name: 'balcao_sockets', help: 'Socket.io clients connected to this process', registers: [registry] });

  let draining = false;

  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, never the raw URL: ids and queries would make a label per request.
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requestSeconds.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const hidden = { schema: { hide: true } };
  app.get('/health', hidden, async () => ({ status: 'ok' as const }));
  app.get('/ready', hidden, async (_req, reply) => {
    const results: Record<string, string> = {};
    if (draining) results.process = 'stopping';
    await Promise.all(
      Object.entries(deps.checks).map(async ([name, check]) => {
        try {
          await check();
          results[name] = 'ok';
        } catch (err) {
          results[name] = err instanceof Error ? err.message : String(err);
        }
      }),
    );
    const ready = Object.values(results).every((r) => r === 'ok');
    return ready ? { status: 'ready' as const, checks: results } : reply.code(503).send({ error: 'ERR_NOT_READY', checks: results });
  });
  app.get('/metrics', hidden, async (req, reply) => {
    if (!metricsAllowed({ headers: req.headers, socket: req.socket }, deps.metricsToken)) throw new AppError('ERR_NO_PERMISSION');
    const [jobs, conns] = await Promise.all([deps.gauges.jobBacklog(), deps.gauges.connections()]);
    backlog.reset();
    for (const [queue, n] of Object.entries(jobs)) backlog.set({ queue }, n);
    connections.reset();
    for (const [status, n] of Object.entries(conns)) connections.set({ status }, n);
    sessionsLive.set(deps.gauges.sessionsLive());
    sockets.set(deps.gauges.sockets());
    const merged = Registry.merge([processMetrics(), registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });

  return {
    /** A message stored (the inbound unit of work, a send): counted, not queried. */
    messageStored: (direction: 'in' | 'out') => messagesStored.inc({ direction }),
    /** A graceful stop began: /ready answers 503 from now on. */
    drain: () => {
      draining = true;
    },
  };
};
