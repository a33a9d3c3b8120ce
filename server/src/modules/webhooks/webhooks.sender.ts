import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_LIMITS, WEBHOOK_SIGNATURE_HEADER } from '@balcao/shared';
import { systemCtx, type DataAccess } from '../../db/tenant';
import type { JobPayloads, Jobs } from '../../infra/jobs';
import { outboundUrlRefusal } from '../../lib/private-host';
import { readCapped } from '../../lib/read-capped';
import { openSecret } from './webhooks.secrets';
import * as repo from './webhooks.repository';
import { signatureHeader } from './webhooks.signing';

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

/** One POST, never throwing: the receiver's status and (truncated) body, or why there was none. */
const post = async (url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number | null; body: string | null; error: string | null }> => {
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'user-agent': 'Balcao-Webhooks/1', ...headers },
      signal: AbortSignal.timeout(timeoutMs),
      // A redirect could lead anywhere (a private host): it counts as a failure, as any non-2xx.
      redirect: 'manual',
    });
    const text = await readCapped(res, READ_BYTES).then((r) => r.bytes.toString('utf8'), () => '');
    return { status: res.status, body: text.slice(0, WEBHOOK_LIMITS.responseChars), error: res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}` };
  } catch (err) {
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { status: null, body: null, error: timeout ? `timeout after ${timeoutMs} ms` : `network: ${err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err)}`.slice(0, 300) };
  }
};

/**
 * The `webhook.deliver` worker (decision 0302): reads the delivery (pending, and no try recorded
 * since the job was queued), POSTs it signed, and records the try in one transaction with the
 * next job (backoff) or the final status. A crash mid-POST leaves the row untouched, so pg-boss's
 * own retry of the job tries again: receivers must drop duplicates by `X-Balcao-Delivery`.
 */
export const createWebhookSender = (deps: { data: DataAccess; jobs: Jobs; key: Buffer; allowPrivateHosts: boolean; limits?: DeliveryLimits; nowSeconds?: () => number }) => {
  const limits = deps.limits ?? DEFAULT_DELIVERY_LIMITS;
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const maxTries = limits.retryDelaysSeconds.length + 1;

  const run = async (job: DeliverJob): Promise<TryOutcome> => {
    const ctx = systemCtx(job.companyId);
    const read = await deps.data.withTenant(ctx, async ({ tx }) => repo.forAttempt(tx, job.companyId, job.deliveryId));
    if (!read || read.d.status !== 'pending' || (job.attempts !== undefined && read.d.attempts !== job.attempts)) return { kind: 'skipped' };
    const { d, w } = read;
    const round = job.round ?? 1;
    const raw = JSON.stringify(d.payload);
    let answer: { status: number | null; body: string | null; error: string | null };
    const refused = outboundUrlRefusal(w.url, deps.allowPrivateHosts);
    if (!w.active) answer = { status: null, body: null, error: 'webhook disabled' };
    else if (refused) answer = { status: null, body: null, error: refused };
    else {
      let secret: string;
      try {
        secret = openSecret(deps.key, job.companyId, w.secretSealed);
      } catch {
        // The installation's key changed: nothing can be signed until the admin rotates the secret.
        secret = '';
      }
      answer = secret === '' ? { status: null, body: null, error: 'secret does not open (rotate it)' } : await post(
        w.url,
        raw,
        { [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, raw, nowSeconds()), [WEBHOOK_EVENT_HEADER]: d.event, [WEBHOOK_DELIVERY_HEADER]: d.eventId },
        limits.timeoutMs,
      );
    }
    const ok = answer.error === null;
    // A disabled webhook, a refused URL or a secret that does not open is not worth trying again: failed at once.
    const final = ok || round >= maxTries || !w.active || refused !== null || answer.error?.startsWith('secret') === true;
    const status = ok ? 'delivered' : final ? 'failed' : 'pending';
    const outcome = await deps.data.withTenant(ctx, async ({ tx }): Promise<TryOutcome> => {
      const row = await repo.recordAttempt(tx, job.companyId, d.id, d.attempts, { status, responseStatus: answer.status, responseBody: answer.body, error: answer.error });
      if (!row) return { kind: 'skipped' };
      if (ok) return { kind: 'delivered', status: answer.status! };
      if (final) return { kind: 'failed', error: answer.error! };
      const inSeconds = limits.retryDelaysSeconds[round - 1] ?? 0;
      await deps.jobs.enqueue(tx, 'webhook.deliver', { companyId: job.companyId, deliveryId: d.id, attempts: row.attempts, round: round + 1 }, { startAfterSeconds: inSeconds });
      return { kind: 'retry', inSeconds, error: answer.error! };
    });
    if (outcome.kind === 'retry' && outcome.inSeconds === 0) deps.jobs.notify('webhook.deliver');
    return outcome;
  };

  return { run };
};

export type WebhookSender = ReturnType<typeof createWebhookSender>;
