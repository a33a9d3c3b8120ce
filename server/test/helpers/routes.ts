import type { TestApp } from './build-app';

/** Routes anyone may call without a session: they carry no tenant data of their own. */
export const PUBLIC_URLS: readonly string[] = [
  '/auth/login',
  '/auth/refresh_token',
  '/auth/logout',
  '/version',
  '/settings/viewregister',
  '/plans/list',
  // Issue 14: signup and password reset, before login (they act on no caller's company).
  '/settings/allowregister',
  '/settings/trial',
  '/plans/signup',
  '/companies/cadastro',
  '/forgetpassword/:email',
  '/resetpasswords',
  '/resetpasswords/:email/:token/:newPassword',
  // Issue 14 §7: the payment provider's webhook (authenticated by the provider's token, not a session).
  '/subscription/webhook/:provider',
  // Issue 29 §2: Meta's Cloud API webhook (authenticated by its signature or verify token, not a session).
  '/channels/whatsapp-cloud/webhook',
  // Issue 14 §4: the logos' addresses (the login page shows one).
  '/logos',
];

/** `GET /tickets/:id` — the key the route tables use. */
export const routeKey = (r: { method: string; url: string }): string => `${r.method} ${r.url}`;

/** Every route the app serves that needs a session (no HEAD/OPTIONS, no public ones), sorted. */
export const privateRouteKeys = (app: TestApp): string[] =>
  [...new Set(app.routes.filter((r) => !['HEAD', 'OPTIONS'].includes(r.method) && !PUBLIC_URLS.includes(r.url)).map(routeKey))].sort();

/** Every route the app serves (no HEAD/OPTIONS), sorted. */
export const allRouteKeys = (app: TestApp): string[] =>
  [...new Set(app.routes.filter((r) => !['HEAD', 'OPTIONS'].includes(r.method)).map(routeKey))].sort();

export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Sent as JSON unless `raw` is set. */
  body?: unknown;
  /** Sent byte for byte, with `contentType` (default application/json). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface RawResponse {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: { error?: string; issues?: unknown[] } & Record<string, unknown>;
  text: string;
}

/** One request through app.inject, with full control over the bytes (for malformed input). */
export const send = async (app: TestApp, token: string | undefined, req: RawRequest): Promise<RawResponse> => {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...req.headers };
  let payload: string | undefined;
  if (req.raw !== undefined) {
    payload = req.raw;
    headers['content-type'] = req.contentType ?? 'application/json';
  } else if (req.body !== undefined) {
    payload = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  const res = await app.app.inject({ method: req.method, url: req.url, headers, ...(payload !== undefined ? { payload } : {}) });
  return { status: res.statusCode, body: parseJson(res.body), text: res.body };
};

const parseJson = (text: string): RawResponse['body'] => {
  try {
    return text ? (JSON.parse(text) as RawResponse['body']) : {};
  } catch {
    return {};
  }
};
