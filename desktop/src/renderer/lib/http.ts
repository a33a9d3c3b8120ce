import ky, { isHTTPError, type Options } from 'ky';
import type { SessionUserDto } from '@balcao/shared';
import { apiBaseUrl } from './apiBase';
import { setReachable } from './connectivity';
import { clearSession, getToken, setSession } from './session';

/** Any failed call: `status` 0 when no answer came back; `body` is the server's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type Query = Record<string, string | number | boolean | undefined>;
export interface CallOptions {
  query?: Query;
  json?: unknown;
  /** A multipart body (uploads); the browser sets its boundary. Uploads get 120 s, like blobs. */
  form?: FormData;
  signal?: AbortSignal;
  /** The answer is a file (media), not JSON; large files get longer than the usual 30 s. */
  blob?: boolean;
}

const client = ky.create({
  credentials: 'include',
  retry: { limit: 1 },
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

let refreshing: Promise<boolean> | null = null;

/**
 * Exchanges the httpOnly `jrt` cookie for a new access token. Concurrent callers share one
 * request, because the server rotates the refresh token and a second use would revoke it.
 */
export const refreshSession = (): Promise<boolean> => {
  refreshing ??= client
    .post('auth/refresh_token', { prefixUrl: apiBaseUrl(), retry: 0 })
    .json<{ token: string; user: SessionUserDto }>()
    .then(({ token, user }) => {
      setReachable(true);
      setSession(token, user);
      return true;
    })
    .catch((error: unknown) => {
      // No answer at all (the server is unreachable): the session is not over, only unconfirmed.
      if (error instanceof TypeError) setReachable(false);
      else clearSession();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
};

const toApiError = async (error: unknown): Promise<ApiError> => {
  if (isHTTPError(error)) {
    const text = await error.response.text().catch(() => undefined);
    let body: unknown = text;
    try {
      if (text) body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): the text itself.
    }
    return new ApiError(error.response.status, body, error.message);
  }
  return new ApiError(0, undefined, error instanceof Error ? error.message : String(error));
};

const send = async <T>(method: Method, path: string, opts: CallOptions): Promise<T> => {
  const options: Options = { method, prefixUrl: apiBaseUrl(), signal: opts.signal, ...(opts.blob || opts.form ? { timeout: 120_000 } : {}) };
  if (opts.query) options.searchParams = stripUndefined(opts.query);
  if (opts.json !== undefined) options.json = opts.json;
  if (opts.form) options.body = opts.form;
  const response = await client(path.replace(/^\//, ''), options);
  if (opts.blob) return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

const stripUndefined = (query: Query): Record<string, string | number | boolean> => {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined) out[k] = v;
  return out;
};

/** One call: 403 → one refresh and one retry; 401 → the session ends (the router goes to /login). */
export const request = async <T>(method: Method, path: string, opts: CallOptions = {}): Promise<T> => {
  try {
    return await send<T>(method, path, opts);
  } catch (raw) {
    // fetch's own failure (no answer: DNS, refused, offline), not an abort or a timeout.
    if (raw instanceof TypeError) setReachable(false);
    const error = await toApiError(raw);
    if (error.status === 403 && getToken() && (await refreshSession())) {
      try {
        return await send<T>(method, path, opts);
      } catch (again) {
        throw await toApiError(again);
      }
    }
    if (error.status === 401) clearSession();
    throw error;
  }
};

export const http = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('get', path, { query, signal }),
  post: <T>(path: string, json?: unknown) => request<T>('post', path, { json }),
  /** Multipart POST (files); the answer is JSON. */
  postForm: <T>(path: string, form: FormData) => request<T>('post', path, { form }),
  put: <T>(path: string, json?: unknown) => request<T>('put', path, { json }),
  delete: <T>(path: string) => request<T>('delete', path),
  /** A file the API serves (same session rules as every call). */
  getBlob: (path: string, signal?: AbortSignal) => request<Blob>('get', path, { blob: true, signal }),
};

/** A searched list's page (administration.md §7: `searchParam`, left out when empty, and `pageNumber` from 1). */
export const searchPage =
  <T>(path: string) =>
  (searchParam: string, pageNumber: number) =>
    http.get<T>(path, { searchParam: searchParam || undefined, pageNumber });

/**
 * One multipart POST through XMLHttpRequest, whose upload reports its progress (fetch cannot
 * over HTTP/1.1): the spreadsheet imports. Same session rules as every call: 403 → one refresh
 * and one retry.
 */
export const uploadWithProgress = <T>(path: string, form: FormData, onProgress: (percent: number) => void, retried = false): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl().replace(/\/$/, '')}${path}`);
    xhr.withCredentials = true;
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, 'network error'));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON: keep the text.
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      if (xhr.status === 403 && !retried && getToken()) {
        void refreshSession().then((ok) => (ok ? uploadWithProgress<T>(path, form, onProgress, true).then(resolve, reject) : reject(new ApiError(403, body, 'forbidden'))));
        return;
      }
      if (xhr.status === 401) clearSession();
      reject(new ApiError(xhr.status, body, `HTTP ${xhr.status}`));
    };
    xhr.send(form);
  });
