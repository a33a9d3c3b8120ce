/**
 * One bounded JSON call to an outside service (Typebot, n8n, a webhook, Dialogflow): a timeout per
 * attempt (AbortSignal.timeout), at most `retries` more attempts on a network error or a 5xx, and
 * a cap on the answer's size. Never throws past `postJson`: the caller gets an `HttpOutcome`.
 */
import { readCapped } from '../../../lib/read-capped';

export interface HttpOptions {
  timeoutMs: number;
  retries: number;
  maxBytes: number;
  /** Pause before retry n (1-based); tests pass 0. */
  backoffMs?: (attempt: number) => number;
}

/** Marks every outside call made by a replay (POST /bot/replay, decision 0201): nothing the receiver does will be sent. */
export const REPLAY_HEADER = 'X-Balcao-Replay';

/** The headers a turn's outside calls carry: the replay mark on a replay, nothing otherwise. */
export const replayHeaders = (turn: { replay?: unknown }): Record<string, string> => (turn.replay ? { [REPLAY_HEADER]: '1' } : {});

export const DEFAULT_HTTP: HttpOptions = { timeoutMs: 10_000, retries: 2, maxBytes: 1024 * 1024, backoffMs: (n) => 250 * n };

export type HttpOutcome =
  | { ok: true; status: number; json: unknown; ms: number; attempts: number }
  | { ok: false; status: number | null; error: 'timeout' | 'network' | 'http' | 'bad-json' | 'too-large'; ms: number; attempts: number };

/** The body as text, or null when it is over `max` bytes. */
const readText = async (res: Response, max: number): Promise<string | null> => {
  const { bytes, over } = await readCapped(res, max);
  return over ? null : bytes.toString('utf8');
};

export const postJson = async (url: string, body: string, headers: Record<string, string>, opts: HttpOptions): Promise<HttpOutcome> => {
  const started = Date.now();
  let attempts = 0;
  for (;;) {
    attempts++;
    const last = attempts > opts.retries;
    let outcome: HttpOutcome;
    try {
      const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, signal: AbortSignal.timeout(opts.timeoutMs), redirect: 'error' });
      const text = await readText(res, opts.maxBytes);
      const ms = Date.now() - started;
      if (text === null) return { ok: false, status: res.status, error: 'too-large', ms, attempts };
      if (!res.ok) {
        outcome = { ok: false, status: res.status, error: 'http', ms, attempts };
        // 4xx is the service saying no: asking again changes nothing.
        if (res.status < 500 || last) return outcome;
      } else {
        try {
          return { ok: true, status: res.status, json: text.trim() === '' ? null : (JSON.parse(text) as unknown), ms, attempts };
        } catch {
          return { ok: false, status: res.status, error: 'bad-json', ms, attempts };
        }
      }
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      outcome = { ok: false, status: null, error: timeout ? 'timeout' : 'network', ms: Date.now() - started, attempts };
      if (last) return outcome;
    }
    const pause = opts.backoffMs?.(attempts) ?? 0;
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
  }
};
