/**
 * The WhatsApp Web version we announce. Baileys bundles one; WhatsApp closes the socket with 405
 * once it considers it too old. Then we read the current one where Baileys'
 * `fetchLatestWaWebVersion` does (WhatsApp Web's service worker, `client_revision`). That helper
 * takes no URL, so this is our own small fetcher with the same parsing and a configurable source
 * (`WA_VERSION_URL`, default https://web.whatsapp.com/sw.js); the version found serves every
 * later socket of this process.
 */
import type { WAVersion } from '@whiskeysockets/baileys';

/** `"client_revision":1012345678` (also JSON-escaped inside the script) → [2, 3000, revision]. */
export const parseWaVersion = (text: string): WAVersion | undefined => {
  const m = /\\?"client_revision\\?":\s*(\d+)/.exec(text);
  return m ? [2, 3000, Number(m[1])] : undefined;
};

export interface FetchVersionOptions {
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

/** Fetches and parses the current version; throws when the source fails or says nothing usable. */
export const fetchWaVersion = async (url: string, opts: FetchVersionOptions = {}): Promise<WAVersion> => {
  const res = await (opts.fetch ?? fetch)(url, {
    // The headers Baileys sends: without a browser-like agent the service worker is refused.
    headers: {
      'sec-fetch-site': 'none',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  });
  if (!res.ok) throw new Error(`WhatsApp Web version: ${url} answered ${res.status}`);
  const version = parseWaVersion(await res.text());
  if (!version) throw new Error(`WhatsApp Web version: no client_revision in ${url}`);
  return version;
};

/** What a channel needs: the version to use now, and a way to look for a newer one. */
export interface WaVersionSource {
  current(): WAVersion | undefined;
  /** Resolves once the look-up is over (never rejects: a failed look-up keeps the old version). */
  refresh(): Promise<void>;
}

/**
 * One per process: the last version fetched (undefined until a 405 asked for one), one look-up
 * at a time (several connections closing with 405 together share it).
 */
export class WaVersionCache implements WaVersionSource {
  private version: WAVersion | undefined;
  private inFlight: Promise<void> | undefined;
  /** The last failure, for logs and tests. */
  lastError: unknown;

  constructor(
    private readonly url: string,
    private readonly opts: FetchVersionOptions = {},
  ) {}

  current(): WAVersion | undefined {
    return this.version;
  }

  refresh(): Promise<void> {
    this.inFlight ??= fetchWaVersion(this.url, this.opts)
      .then((v) => {
        this.version = v;
        this.lastError = undefined;
      })
      .catch((err: unknown) => {
        this.lastError = err;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
}
