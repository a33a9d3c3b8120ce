import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_LIMITS, WEBHOOK_SIGNATURE_HEADER } from '@balcao/shared';
import { systemCtx, type DataAccess } from '../../db/tenant';
import type { JobPayloads, Jobs } from '../../infra/jobs';
import { outboundRequest, type OutboundError } from '../../lib/outbound';
import { openSecret } from './webhooks.secrets';
import * as repo from './webhooks.repository';
import { signatureHeader } from '../../lib/signature';

export interface DeliveryLimits {
  /** Seconds before try 2, 3, … (one fewer than the tries); tests pass zeros. */
  retryDelaysSeconds: readonly number[];
  timeoutMs: number;
}

/** 10 s, 1 min, 5 min, 30 min, 2 h: six tries over about two and a half hours (decision 0302). */
export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = { retryDelaysSeconds: [10, 60, 300, 1800, 7200], timeoutMs: WEBHOOK_LIMITS.timeoutMs };

export type DeliverJob = JobPayloads['webhook.deliver'];

/** What one try came to (tests read it). */
export type TryOutcome = { kind: 'skipped' } | { kind: 'delivered'; status: number } | { kind: 'retry'; inSeconds: number; error: string } | { kind: 'failed'; error: string };

/** At most this much of the answer is read (the log keeps WEBHOOK_LIMITS.responseChars). */
const READ_BYTES = 64 * 1024;

/**
 * At most this many POSTs in flight to one webhook from this process (issue 26): a receiver is
 * never flooded, and one webhook's throughput is not capped by its round trip (decision 0369:
 * with 8, a busy company's deliveries fell 2–10 s behind in bench:ingest; a receiver 100 ms away
 * could take only 80 a second).
 */
export const RECEIVER_CONCURRENCY = 32;
/**
 * At most this many connections to one receiver host (host and port) from this process, across
 * companies (issue 28 §11): four times one webhook's share, so one company's slow webhook on a
 * host others also use (a SaaS automation service) leaves them most of it.
 */
export const HOST_CONCURRENCY = 4 * RECEIVER_CONCURRENCY;

/**
 * Kept-alive connections, at most HOST_CONCURRENCY per receiver host. node:http rather than
 * fetch: a delivery is a small POST, and fetch's streams and abort signals were a third of the
 * sender's CPU under load (issue 26's profile).
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: HOST_CONCURRENCY, maxFreeSockets: RECEIVER_CONCURRENCY }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: HOST_CONCURRENCY, maxFreeSockets: RECEIVER_CONCURRENCY }),
};

/**
 * How many `webhook.deliver` jobs of one company this process runs at once (issue 28 §11), so one
 * company's slow or tarpitting receivers can hold at most this many workers, never all of them.
 */
export const TENANT_JOBS = 8;
/**
 * How long a job over its company's share waits in its worker for one of the company's own jobs
 * to end before it is put back. A company whose receivers answer in milliseconds gets a place
 * long before this (no put-back, no 2 s detour, no churn of jobs); a tarpitting one does not, and
 * its job leaves the worker to others.
 */
export const SHARE_WAIT_MS = 250;

/**
 * The per-company share of the workers: `enter` resolves true with one of the company's
 * TENANT_JOBS places — at once, or handed over by `leave` within `waitMs`, first come first
 * served — and false when none came in time.
 */
export const tenantShare = (perTenant = TENANT_JOBS) => {
  const running = new Map<number, number>();
  const waiting = new Map<number, ((entered: boolean) => void)[]>();
  return {
    enter(companyId: number, waitMs = 0): Promise<boolean> {
      const n = running.get(companyId) ?? 0;
      if (n < perTenant) {
        running.set(companyId, n + 1);
        return Promise.resolve(true);
      }
      if (waitMs <= 0) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const queue = waiting.get(companyId) ?? [];
        waiting.set(companyId, queue);
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(handOver), 1);
          if (queue.length === 0) waiting.delete(companyId);
          resolve(false);
        }, waitMs);
        const handOver = (entered: boolean) => {
          clearTimeout(timer);
          resolve(entered);
        };
        queue.push(handOver);
      });
    },
    leave(companyId: number): void {
      // The place goes straight to the company's first waiting job: the count stays as it is.
      const next = waiting.get(companyId)?.shift();
      if (next) {
        if (waiting.get(companyId)!.length === 0) waiting.delete(companyId);
        next(true);
        return;
      }
      const n = (running.get(companyId) ?? 1) - 1;
      if (n <= 0) running.delete(companyId);
      else running.set(companyId, n);
    },
  };
};

type Answer = { status: number | null; body: string | null; error: string | null };

/** One POST, never throwing: the receiver's status and (truncated) body, or why there was none; `refused` when the guard kept it from a private address. */
const post = async (url: string, body: string, headers: Record<string, string>, timeoutMs: number, allowPrivateHosts: boolean): Promise<{ answer: Answer; refused: boolean }> => {
  try {
    const res = await outboundRequest({
      url,
      body,
      timeoutMs,
      maxBytes: READ_BYTES,
      allowPrivateHosts,
      agents,
      headers: { 'content-type': 'application/json', 'user-agent': 'Balcao-Webhooks/1', ...headers },
    });
    const ok = res.status >= 200 && res.status < 300;
    return { answer: { status: res.status, body: res.body.toString('utf8').slice(0, WEBHOOK_LIMITS.responseChars), error: ok ? null : `HTTP ${res.status}` }, refused: false };
  } catch (err) {
    const e = err as OutboundError;
    const refused = e.kind === 'blocked-host' || e.kind === 'bad-url';
    return { answer: { status: null, body: null, error: e.kind === 'network' ? `network: ${e.message}` : e.message }, refused };
  }
};

/** A counting gate: `run` waits for one of `size` places. */
const gate = (size: number) => {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((r) => waiting.push(r));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
};

/**
 * The `webhook.deliver` worker (decisions 0302, 0326): reads its deliveries (pending, and no try
 * recorded since the job was queued) in one statement, POSTs them signed — every delivery of the
 * batch at once, at most RECEIVER_CONCURRENCY per webhook, over kept-alive connections — and
 * records all the tries in one transaction with the retry jobs (backoff) of those that failed.
 * A crash mid-POST leaves the rows untouched, so pg-boss's own retry of the job tries them again:
 * receivers must drop duplicates by `X-Balcao-Delivery`.
 */
export const createWebhookSender = (deps: { data: DataAccess; jobs: Jobs; key: Buffer; allowPrivateHosts: boolean; limits?: DeliveryLimits; nowSeconds?: () => number }) => {
  const limits = deps.limits ?? DEFAULT_DELIVERY_LIMITS;
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const maxTries = limits.retryDelaysSeconds.length + 1;
  const gates = new Map<number, ReturnType<typeof gate>>();
  const gateOf = (webhookId: number) => {
    let g = gates.get(webhookId);
    if (!g) gates.set(webhookId, (g = gate(RECEIVER_CONCURRENCY)));
    return g;
  };

  /** Opened secrets by sealed value (a rotation seals a new one): opening costs a decryption per delivery otherwise. */
  const secrets = new Map<string, string>();
  const secretOf = (companyId: number, w: repo.WebhookRow): string => {
    const key = `${companyId}:${w.secretSealed}`;
    let secret = secrets.get(key);
    if (secret === undefined) {
      try {
        secret = openSecret(deps.key, companyId, w.secretSealed);
      } catch {
        // The installation's key changed: nothing can be signed until the admin rotates the secret.
        secret = '';
      }
      if (secrets.size >= 1000) secrets.clear();
      secrets.set(key, secret);
    }
    return secret;
  };

  /** One try of one delivery: the receiver's answer, or why nothing was sent. */
  const attempt = async (companyId: number, d: repo.DeliveryToTry, w: repo.WebhookRow): Promise<{ answer: Answer; refused: boolean }> => {
    if (!w.active) return { answer: { status: null, body: null, error: 'webhook disabled' }, refused: false };
    const secret = secretOf(companyId, w);
    if (secret === '') return { answer: { status: null, body: null, error: 'secret does not open (rotate it)' }, refused: false };
    const raw = d.body;
    const headers = { [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, raw, nowSeconds()), [WEBHOOK_EVENT_HEADER]: d.event, [WEBHOOK_DELIVERY_HEADER]: d.eventId };
    return gateOf(w.id)(() => post(w.url, raw, headers, limits.timeoutMs, deps.allowPrivateHosts));
  };

  /** Runs one job; returns each of its deliveries' outcome in the job's order (tests read them). */
  const run = async (job: DeliverJob): Promise<TryOutcome[]> => {
    const ids = job.deliveryIds ?? (job.deliveryId !== undefined ? [job.deliveryId] : []);
    const ctx = systemCtx(job.companyId);
    const round = job.round ?? 1;
    // A batch holds fresh deliveries only: a row with a try recorded is someone else's now (its retry job).
    const expected = job.deliveryIds ? 0 : job.attempts;
    const read = await deps.data.withTenant(ctx, async ({ tx }) => repo.forAttempts(tx, job.companyId, ids));
    const due = read.filter(({ d }) => d.status === 'pending' && (expected === undefined || d.attempts === expected));
    const tried = await Promise.all(
      due.map(async ({ d, w }) => {
        const { answer, refused } = await attempt(job.companyId, d, w);
        const ok = answer.error === null;
        // A disabled webhook, a refused URL or a secret that does not open is not worth trying again: failed at once.
        const final = ok || round >= maxTries || !w.active || refused || answer.error?.startsWith('secret') === true;
        const status: 'delivered' | 'failed' | 'pending' = ok ? 'delivered' : final ? 'failed' : 'pending';
        return { d, answer, status };
      }),
    );
    const inSeconds = limits.retryDelaysSeconds[round - 1] ?? 0;
    const outcomes = await deps.data.withTenant(ctx, async ({ tx }) => {
      const written = new Map(
        (
          await repo.recordAttempts(
            tx,
            job.companyId,
            tried.map((t) => ({ id: t.d.id, seenAttempts: t.d.attempts, status: t.status, responseStatus: t.answer.status, responseBody: t.answer.body, error: t.answer.error })),
          )
        ).map((r) => [r.id, r.attempts]),
      );
      const retries = tried.filter((t) => t.status === 'pending' && written.has(t.d.id));
      await deps.jobs.enqueueMany(
        tx,
        'webhook.deliver',
        retries.map((t) => ({ companyId: job.companyId, deliveryId: t.d.id, attempts: written.get(t.d.id)!, round: round + 1 })),
        { startAfterSeconds: inSeconds },
      );
      return new Map(
        tried.map((t): [number, TryOutcome] => {
          if (!written.has(t.d.id)) return [t.d.id, { kind: 'skipped' }];
          if (t.status === 'delivered') return [t.d.id, { kind: 'delivered', status: t.answer.status! }];
          if (t.status === 'failed') return [t.d.id, { kind: 'failed', error: t.answer.error! }];
          return [t.d.id, { kind: 'retry', inSeconds, error: t.answer.error! }];
        }),
      );
    });
    if ([...outcomes.values()].some((o) => o.kind === 'retry' && o.inSeconds === 0)) deps.jobs.notify('webhook.deliver');
    return ids.map((id) => outcomes.get(id) ?? { kind: 'skipped' });
  };

  return { run };
};

export type WebhookSender = ReturnType<typeof createWebhookSender>;
