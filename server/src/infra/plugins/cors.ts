import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import fastifyCors from '@fastify/cors';

export interface CorsPluginOptions {
  /** Exact origins (CORS_ORIGINS); empty: same origin only, no CORS headers for anyone. */
  origins: string[];
}

/**
 * Cross-origin callers from an allow-list only (decision 0035). Credentials are allowed because
 * the refresh token travels in an httpOnly cookie; with credentials a wildcard is never valid,
 * so each allowed origin is echoed back exactly. Another origin gets no CORS header at all and
 * its browser refuses to read the answer. socket.io uses the same list (infra/realtime.ts).
 */
export const corsPlugin = fp<CorsPluginOptions>(
  async (app, opts) => {
    const allowed = new Set(opts.origins);
    await app.register(fastifyCors, {
      origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // The spec's client sends only these; anything else in a preflight is answered without them.
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With'],
      maxAge: 600,
    });
  },
  { name: 'balcao-cors' },
);

/** Same origin: the Origin's host is the Host the request came to (a proxy may drop the port). */
const sameOrigin = (origin: string, host: string | undefined) => {
  try {
    const url = new URL(origin);
    return host !== undefined && (url.host === host || url.hostname === host);
  } catch {
    return false;
  }
};

/**
 * socket.io options for the same list: the `cors` headers on polling, and `allowRequest` refusing
 * a handshake a browser made from another origin (WebSocket upgrades carry no CORS check at all,
 * so the header alone would not stop them). No Origin (a non-browser client) is let through:
 * the token is what authenticates, the origin only stops other sites riding a user's browser.
 */
export const socketCors = (origins: string[]) => {
  const allowed = new Set(origins);
  return {
    cors: {
      origin: (origin: string | undefined, cb: (err: Error | null, ok?: boolean) => void) => cb(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
    },
    allowRequest: (req: IncomingMessage, cb: (err: string | null | undefined, ok: boolean) => void) => {
      const origin = req.headers.origin;
      // Sec-Fetch-Site is set by the browser, never by a page: `same-origin` covers a proxy that
      // rewrites Host (the Vite dev server's changeOrigin, a proxy_pass without Host).
      const fromOwnPage = req.headers['sec-fetch-site'] === 'same-origin';
      const ok = origin === undefined || allowed.has(origin) || fromOwnPage || sameOrigin(origin, req.headers.host);
      cb(ok ? null : 'ERR_ORIGIN', ok);
    },
  };
};
