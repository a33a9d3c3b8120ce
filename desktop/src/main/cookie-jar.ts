/**
 * The server's cookies (the refresh token `jrt`) for a page read from files. A file:// page is
 * another site than the server, so Chromium neither stores a `SameSite=Lax` cookie from the
 * server's answers nor sends it back; main keeps it instead — taken from `Set-Cookie` in
 * `onHeadersReceived`, put back as `Cookie` in `onBeforeSendHeaders` — for the chosen server
 * only. Persisted (encrypted when the OS offers it) so a restart keeps the session, like a browser.
 */
export interface StoredCookie {
  name: string;
  value: string;
  /** Epoch ms; undefined = until the app quits. */
  expiresAt?: number;
}

export interface CookieJar {
  /** Apply an answer's `Set-Cookie` lines. */
  receive(setCookieLines: readonly string[]): void;
  /** The `Cookie` header value for a request, or undefined when the jar is empty. */
  header(): string | undefined;
  clear(): void;
}

export interface CookieJarOptions {
  now?: () => number;
  initial?: StoredCookie[];
  /** Called with the cookies that outlive the app after every change. */
  persist?: (cookies: StoredCookie[]) => void;
}

const MAX_COOKIES = 20;
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;

function parseSetCookie(line: string, now: number): { name: string; value: string; expiresAt?: number; deleted: boolean } | undefined {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return undefined;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (!COOKIE_NAME.test(name) || value.length > 4096 || /[;\r\n]/.test(value)) return undefined;
  let expiresAt: number | undefined;
  let maxAgeSeen = false;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const attrValue = rest.join('=').trim();
    if (key === 'max-age') {
      const seconds = Number(attrValue);
      if (Number.isFinite(seconds)) {
        maxAgeSeen = true;
        expiresAt = now + seconds * 1000;
      }
    } else if (key === 'expires' && !maxAgeSeen) {
      const at = Date.parse(attrValue);
      if (Number.isFinite(at)) expiresAt = at;
    }
  }
  const deleted = value === '' || (expiresAt !== undefined && expiresAt <= now);
  return { name, value, expiresAt, deleted };
}

export function createCookieJar({ now = Date.now, initial = [], persist }: CookieJarOptions = {}): CookieJar {
  const cookies = new Map<string, StoredCookie>();
  for (const cookie of initial) {
    if (COOKIE_NAME.test(cookie.name) && (cookie.expiresAt === undefined || cookie.expiresAt > now())) cookies.set(cookie.name, cookie);
  }
  const save = () => persist?.([...cookies.values()].filter((cookie) => cookie.expiresAt !== undefined));

  return {
    receive(lines) {
      let changed = false;
      for (const line of lines) {
        const parsed = parseSetCookie(line, now());
        if (!parsed) continue;
        changed = true;
        if (parsed.deleted) cookies.delete(parsed.name);
        else if (cookies.has(parsed.name) || cookies.size < MAX_COOKIES) {
          cookies.set(parsed.name, { name: parsed.name, value: parsed.value, expiresAt: parsed.expiresAt });
        }
      }
      if (changed) save();
    },
    header() {
      const at = now();
      const live = [...cookies.values()].filter((cookie) => cookie.expiresAt === undefined || cookie.expiresAt > at);
      return live.length > 0 ? live.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') : undefined;
    },
    clear() {
      cookies.clear();
      save();
    },
  };
}
