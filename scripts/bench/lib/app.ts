/**
 * The whole server in this process, listening on 127.0.0.1 with a random port (the same
 * assembly as main.ts and the tests' createTestApp), plus a small HTTP and socket client.
 */
import { resolve } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { LoginResponse } from '@balcao/shared';
import { buildApp, type BuiltApp } from '../../../server/src/app';
import type { Config } from '../../../server/src/infra/config';
import { seedFirstStart } from '../../../server/src/modules/onboarding';
import { BENCH_APP_PASSWORD } from './cluster';

export const SUPER_EMAIL = 'owner@bench.local';
export const SUPER_PASSWORD = 'Owner123!';

export const benchConfig = (): Config => ({
  port: 0,
  host: '127.0.0.1',
  production: false,
  // The ingest bench's webhook receiver listens on 127.0.0.1.
  allowPrivateHosts: true,
  dataDir: resolve('.bench-data'),
  appDbPassword: BENCH_APP_PASSWORD,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-signing',
  sandboxEnabled: true,
  realtimeAdapter: 'none',
  // No web build: the benches only talk to the API and socket.io.
  webDir: resolve('desktop/dist-none'),
  version: '0.0.0-bench',
});

export interface RunningApp extends BuiltApp {
  url: string;
}

export const startApp = async (db: { ownerUrl: string; appUrl: string }, opts: { dbPoolSize?: number; seed?: boolean } = {}): Promise<RunningApp> => {
  const built = await buildApp({ config: benchConfig(), ownerUrl: db.ownerUrl, appUrl: db.appUrl, dbPoolSize: opts.dbPoolSize, logger: false });
  try {
    if (opts.seed !== false) await seedFirstStart(built.data, { adminEmail: SUPER_EMAIL, adminPassword: SUPER_PASSWORD, sandbox: true });
    await built.sessions.resumeAll();
    const url = await built.app.listen({ port: 0, host: '127.0.0.1' });
    return { ...built, url };
  } catch (err) {
    await built.close();
    throw err;
  }
};

/** JSON over fetch (undici), the way a client calls the API. */
export const api = (url: string, token?: string) => {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(url + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await call<T>(method, path, body);
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  return {
    get: <T>(path: string) => ok<T>('GET', path),
    post: <T>(path: string, body: unknown = {}) => ok<T>('POST', path, body),
    put: <T>(path: string, body: unknown = {}) => ok<T>('PUT', path, body),
  };
};

export const login = (url: string, email: string, password: string): Promise<LoginResponse> => api(url).post<LoginResponse>('/auth/login', { email, password });

/** A connected socket.io client, websocket only (as the product's client). */
export const connectSocket = (url: string, token: string): Promise<Socket> =>
  new Promise((resolveSocket, reject) => {
    const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    // The protocol (decision 0040): the server says `ready` once the socket is set up.
    socket.once('ready', () => resolveSocket(socket));
    socket.once('connect_error', (err) => reject(err));
  });
