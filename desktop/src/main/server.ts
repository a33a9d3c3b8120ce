import { canonicalServerUrl, type ServerCheck } from '../common/ipc-schemas.js';
import type { KeyValueStorage } from './store.js';

const KEY = 'serverUrl';
const CHECK_TIMEOUT_MS = 8_000;
const MAX_VERSION_BODY = 4_096;

/** The Balcão server this installation talks to, kept in electron-store (`server.json`). */
export interface ServerChoice {
  /** The stored choice, else the `BALCAO_URL` default, else null (first run: the Servidor screen). */
  get(): string | null;
  set(url: string): void;
}

export function createServerChoice(storage: KeyValueStorage, fallback?: string): ServerChoice {
  const fallbackUrl = fallback ? canonicalServerUrl(fallback) : undefined;
  if (fallback && !fallbackUrl) throw new Error(`BALCAO_URL must be an http(s) server address without a path, got ${fallback}`);
  return {
    get() {
      const stored = storage.get(KEY);
      // The file is user-editable: an unusable value counts as no choice.
      const url = typeof stored === 'string' ? canonicalServerUrl(stored) : undefined;
      return url ?? fallbackUrl ?? null;
    },
    set(url) {
      const canonical = canonicalServerUrl(url);
      if (!canonical) throw new Error('not an http(s) server address');
      storage.set(KEY, canonical);
    },
  };
}

export type Fetch = (url: string, init: { signal: AbortSignal; redirect: 'error'; headers: Record<string, string> }) => Promise<{
  ok: boolean;
  text(): Promise<string>;
}>;

/**
 * `GET <url>/version` from main (no CORS, no page involved): a Balcão server answers
 * `{ "version": "…" }`. Anything else — no answer, an error status, another kind of server —
 * is reported, never thrown, so the Servidor screen can say which.
 */
export async function checkServer(url: string, fetchImpl: Fetch, timeoutMs = CHECK_TIMEOUT_MS): Promise<ServerCheck> {
  let body: string;
  try {
    const response = await fetchImpl(`${url}/version`, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { ok: false, url, reason: 'notBalcao' };
    body = await response.text();
  } catch {
    return { ok: false, url, reason: 'unreachable' };
  }
  try {
    if (body.length > MAX_VERSION_BODY) throw new Error('too long');
    const parsed: unknown = JSON.parse(body);
    const version = (parsed as { version?: unknown } | null)?.version;
    if (typeof version === 'string' && version.length > 0 && version.length <= 64) return { ok: true, url, version };
  } catch {
    // Not JSON: some other web server.
  }
  return { ok: false, url, reason: 'notBalcao' };
}
