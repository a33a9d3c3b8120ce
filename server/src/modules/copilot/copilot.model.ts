import { AppError } from '../../infra/errors';
import { OutboundError, outboundRequest } from '../../lib/outbound';
import type { Breaker } from './copilot.breaker';
import type { ChatMessage } from './copilot.prompts';

/** The company's model, as its settings say (the key already opened). */
export interface Endpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export interface ModelAnswer {
  content: string;
  /** The provider's total_tokens, or an estimate (4 characters a token) when it sends no usage. */
  tokens: number;
}

export interface ModelOptions {
  breaker: Breaker;
  /** The whole call, connection to last byte; no retry follows a timeout (decision 0403). */
  timeoutMs: number;
  allowPrivateHosts: boolean;
}

const MAX_ANSWER_BYTES = 512 * 1024;
const estimate = (s: string) => Math.ceil(s.length / 4);

const retryAfterMs = (h: string | string[] | undefined): number | undefined => {
  const v = Array.isArray(h) ? h[0] : h;
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
};

/**
 * One POST to the company's endpoint (issue 32 §7; decision 0403): a single bounded try through
 * the private-network guard (lib/outbound.ts), never retried here — an agent clicks again if they
 * want, a job's failure is not retried, and the breaker keeps those off a model that is down.
 * Errors are the catalogue's: timeout → ERR_COPILOT_TIMEOUT; 429, 5xx, network or an open circuit
 * → ERR_COPILOT_UNAVAILABLE; a refused key → ERR_COPILOT_NOT_CONFIGURED; any other status or an
 * answer that is not JSON → ERR_COPILOT_BAD_ANSWER. Answers the parsed JSON.
 */
const post = async (ep: Endpoint, path: string, body: { bytes: string | Buffer; type: string }, opts: ModelOptions & { breakerKey: string }): Promise<unknown> => {
  const base = ep.baseUrl.replace(/\/+$/, '');
  // Per company and endpoint: one company's exhausted quota does not stop another's copilot.
  const key = `${opts.breakerKey}|${base}`;
  if (!opts.breaker.allow(key)) throw new AppError('ERR_COPILOT_UNAVAILABLE', 'circuit open: the model failed repeatedly; waiting before trying again');
  let res;
  try {
    res = await outboundRequest({
      url: `${base}${path}`,
      method: 'POST',
      headers: { authorization: `Bearer ${ep.apiKey}`, 'content-type': body.type },
      body: body.bytes,
      timeoutMs: opts.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      allowPrivateHosts: opts.allowPrivateHosts,
    });
  } catch (err) {
    const kind = err instanceof OutboundError ? err.kind : 'network';
    if (kind === 'blocked-host' || kind === 'bad-url') {
      opts.breaker.settle(key);
      throw new AppError('ERR_OUTBOUND_URL_REFUSED', (err as Error).message);
    }
    opts.breaker.failure(key);
    throw new AppError(kind === 'timeout' ? 'ERR_COPILOT_TIMEOUT' : 'ERR_COPILOT_UNAVAILABLE', kind);
  }
  if (res.status === 429 || res.status >= 500) {
    opts.breaker.failure(key, res.status === 429 ? retryAfterMs(res.headers['retry-after']) : undefined);
    throw new AppError('ERR_COPILOT_UNAVAILABLE', `model answered ${res.status}`);
  }
  if (res.status === 401 || res.status === 403) {
    opts.breaker.settle(key);
    throw new AppError('ERR_COPILOT_NOT_CONFIGURED', `the model refused the key (${res.status})`);
  }
  if (res.status < 200 || res.status >= 300 || res.over) {
    opts.breaker.settle(key);
    throw new AppError('ERR_COPILOT_BAD_ANSWER', `model answered ${res.status}${res.over ? ' (too large)' : ''}`);
  }
  opts.breaker.success(key);
  try {
    return JSON.parse(res.body.toString('utf8')) as unknown;
  } catch {
    throw new AppError('ERR_COPILOT_BAD_ANSWER', 'not JSON');
  }
};

/** One chat completion (`POST {base}/chat/completions`). */
export const complete = async (ep: Endpoint, messages: ChatMessage[], opts: ModelOptions & { maxTokens: number; temperature: number; breakerKey: string }): Promise<ModelAnswer> => {
  const body = JSON.stringify({ model: ep.model, messages, max_tokens: opts.maxTokens, temperature: opts.temperature });
  const parsed = (await post(ep, '/chat/completions', { bytes: body, type: 'application/json' }, opts)) as { choices?: { message?: { content?: unknown } }[]; usage?: { total_tokens?: unknown } } | null;
  const content = parsed?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new AppError('ERR_COPILOT_BAD_ANSWER', 'no message in the answer');
  const total = parsed?.usage?.total_tokens;
  const tokens = typeof total === 'number' && Number.isFinite(total) && total >= 0 ? Math.round(total) : estimate(JSON.stringify(messages)) + estimate(content);
  return { content, tokens };
};

/** The biggest voice note sent (OpenAI's limit for /audio/transcriptions). */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/**
 * A voice note's words (`POST {base}/audio/transcriptions`, multipart: `model`, `file`; decision
 * 0441). Metered as the transcript's length (a transcription answers no usage): 4 characters a token.
 */
export const transcribe = async (ep: Endpoint, audio: Buffer, fileName: string, model: string, opts: ModelOptions & { breakerKey: string }): Promise<ModelAnswer> => {
  const form = new FormData();
  form.append('model', model);
  form.append('file', new Blob([new Uint8Array(audio)]), fileName);
  const encoded = new Response(form);
  const bytes = Buffer.from(await encoded.arrayBuffer());
  const parsed = (await post(ep, '/audio/transcriptions', { bytes, type: encoded.headers.get('content-type') ?? 'multipart/form-data' }, opts)) as { text?: unknown } | null;
  const text = parsed?.text;
  if (typeof text !== 'string') throw new AppError('ERR_COPILOT_BAD_ANSWER', 'no text in the transcription');
  return { content: text, tokens: estimate(text) };
};
