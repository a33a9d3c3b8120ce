/**
 * Calls to URLs a company admin typed (webhooks, queue integrations, AI prompts): one client for
 * all of them, so the private-network guard cannot be forgotten by one (issue 28 §6, decision 0343).
 *
 * A name is judged by every address it resolves to, and the connection goes to the address that
 * was checked: the guard is the socket's own `lookup`, so there is no second lookup a rebinding
 * DNS server could answer differently. IP literals skip `lookup` in node:net, so they are checked
 * before connecting. Redirects are never followed: a 3xx is an answer like any other non-2xx.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress, PRIVATE_HOSTS_HINT } from './private-host';

export type Refusal = 'bad-url' | 'blocked-host';

/** Why a call was not made or did not finish. */
export class OutboundError extends Error {
  constructor(
    readonly kind: Refusal | 'timeout' | 'network',
    message: string,
  ) {
    super(message);
  }
}

const blockedHost = (host: string, address: string) => Object.assign(new Error(`${host} is ${address}: ${PRIVATE_HOSTS_HINT}`), { code: 'ERR_BLOCKED_HOST' });

/** node:net's lookup, refusing a name when any of its addresses is private. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(blockedHost(hostname, bad.address), '', 4);
    if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
    // node:net asks for all of them when it races IPv4 and IPv6 (autoSelectFamily).
    if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** The URL, or why it may not be called without looking its name up (scheme, IP literal). */
const parse = (url: string, allowPrivateHosts: boolean): URL => {
  if (!URL.canParse(url)) throw new OutboundError('bad-url', 'not a URL');
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new OutboundError('bad-url', 'only http and https');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivateHosts && isIP(host) && isPrivateAddress(host)) throw new OutboundError('blocked-host', `${host}: ${PRIVATE_HOSTS_HINT}`);
  return u;
};

/**
 * Why `url` may not be saved: not http(s), or its host is (or resolves to) a private address. A
 * name that does not resolve now is let through: the call's own guard judges it when it is made.
 */
export const checkOutboundUrl = async (url: string, allowPrivateHosts: boolean): Promise<{ refusal: Refusal; message: string } | null> => {
  let u: URL;
  try {
    u = parse(url, allowPrivateHosts);
  } catch (err) {
    const e = err as OutboundError;
    return { refusal: e.kind as Refusal, message: e.message };
  }
  if (allowPrivateHosts || isIP(u.hostname.replace(/^\[|\]$/g, ''))) return null;
  const addresses = await dns.promises.lookup(u.hostname, { all: true }).catch(() => []);
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  return bad ? { refusal: 'blocked-host', message: blockedHost(u.hostname, bad.address).message } : null;
};

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** The whole try, connection to last byte. */
  timeoutMs: number;
  /** At most this much of the answer is read; the rest is dropped with the connection. */
  maxBytes: number;
  allowPrivateHosts: boolean;
  /** Kept-alive connections to reuse (the webhook sender's); a fresh connection otherwise. */
  agents?: { 'http:': http.Agent; 'https:': https.Agent };
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The answer was longer than `maxBytes`: `body` is its start. */
  over: boolean;
  ms: number;
}

/** One request to an admin-typed URL. Throws OutboundError only; any HTTP status is an answer. */
export const outboundRequest = (req: OutboundRequest): Promise<OutboundAnswer> =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    let target: URL;
    try {
      target = parse(req.url, req.allowPrivateHosts);
    } catch (err) {
      return reject(err);
    }
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: req.method ?? 'POST',
        agent: req.agents?.[target.protocol as 'http:' | 'https:'],
        headers: { ...(req.body !== undefined ? { 'content-length': Buffer.byteLength(req.body) } : {}), ...req.headers },
        ...(req.allowPrivateHosts ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = (over: boolean) => settle(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), over, ms: Date.now() - started }));
        res.on('data', (chunk: Buffer) => {
          if (size + chunk.length > req.maxBytes) {
            chunks.push(chunk.subarray(0, req.maxBytes - size));
            size = req.maxBytes;
            finish(true);
            res.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => finish(false));
        res.on('error', () => finish(false));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      settle(() => reject(new OutboundError('timeout', `timeout after ${req.timeoutMs} ms`)));
    }, req.timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) =>
      settle(() => reject(err.code === 'ERR_BLOCKED_HOST' ? new OutboundError('blocked-host', err.message) : new OutboundError('network', err.message.slice(0, 300)))),
    );
    request.end(req.body);
  });
