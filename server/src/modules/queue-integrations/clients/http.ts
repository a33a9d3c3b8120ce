/**
 * One bounded JSON call to an outside service (Typebot, n8n, a webhook, Dialogflow): a timeout per
 * attempt (AbortSignal.timeout), at most `retries` more attempts on a network error or a 5xx, and
 * a cap on the answer's size. Never throws past `postJson`: the caller gets an `HttpOutcome`.
 * Every call goes through lib/outbound.ts, which keeps it from private addresses (issue 28 §6).
 */
import { OutboundError, outboundRequest } from '../../../lib/outbound';

export interface HttpOptions {
  timeoutMs: number;
  retries: number;
  maxBytes: number;
  /** Pause before retry n (1-based); tests pass 0. */
  backoffMs?: (attempt: number) => number;
  /** Whether an admin-typed URL may reach this machine or a private network (ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts: boolean;
}

/** Marks every outside call made by a replay (POST /bot/replay, decision 0201): nothing the receiver does will be sent. */
export const REPLAY_HEADER = 'X-Balcao-Replay';

/** The headers a turn's outside calls carry: the replay mark on a replay, nothing otherwise. */
export const replayHeaders = (turn: { replay?: unknown }): Record<string, string> => (turn.replay ? { [REPLAY_HEADER]: '1' } : {});

export const DEFAULT_HTTP: HttpOptions = { timeoutMs: 10_000, retries: 2, maxBytes: 1024 * 1024, backoffMs: (n) => 250 * n, allowPrivateHosts: false };

export type HttpOutcome =
  | { ok: true; status: number; json: unknown; ms: number; attempts: number }
  | { ok: false; status: number | null; error: 'timeout' | 'network' | 'http' | 'bad-json' | 'too-large' | 'blocked-host' | 'bad-url'; ms: number; attempts: number; detail?: string };

export const postJson = async (url: string, body: string, headers: Record<string, string>, opts: HttpOptions): Promise<HttpOutcome> => {
  const started = Date.now();
  let attempts = 0;
  for (;;) {
    attempts++;
    const last = attempts > opts.retries;
    let outcome: HttpOutcome;
    try {
      const res = await outboundRequest({
        url,
        body,
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        timeoutMs: opts.timeoutMs,
        maxBytes: opts.maxBytes,
        allowPrivateHosts: opts.allowPrivateHosts,
      });
      const ms = Date.now() - started;
      if (res.over) return { ok: false, status: res.status, error: 'too-large', ms, attempts };
      const ok = res.status >= 200 && res.status < 300;
      if (!ok) {
        outcome = { ok: false, status: res.status, error: 'http', ms, attempts };
        // 4xx (and a redirect, never followed) is the service saying no: asking again changes nothing.
        if (res.status < 500 || last) return outcome;
      } else {
        const text = res.body.toString('utf8');
        try {
          return { ok: true, status: res.status, json: text.trim() === '' ? null : (JSON.parse(text) as unknown), ms, attempts };
        } catch {
          return { ok: false, status: res.status, error: 'bad-json', ms, attempts };
        }
      }
    } catch (err) {
      const kind = err instanceof OutboundError ? err.kind : 'network';
      outcome = { ok: false, status: null, error: kind, ms: Date.now() - started, attempts, ...(kind === 'blocked-host' ? { detail: (err as Error).message } : {}) };
      // A refused address stays refused.
      if (last || kind === 'blocked-host' || kind === 'bad-url') return outcome;
    }
    const pause = opts.backoffMs?.(attempts) ?? 0;
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
  }
};
