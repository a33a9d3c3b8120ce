import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';

// CORS (decision 0035): origins in CORS_ORIGINS get the headers, the preflight and socket.io;
// every other origin gets no CORS header and no socket. Nothing is open to every origin.

const ALLOWED = 'https://atendimento.example.com';
const OTHER = 'https://evil.example.net';

/** A socket handshake sent with an Origin header; resolves 'connected' or the refusal's message. */
const handshake = (app: TestApp, token: string, origin: string, transport: 'polling' | 'websocket', headers: Record<string, string> = {}) =>
  new Promise<string>((resolve) => {
    const socket = io(app.url, { transports: [transport], auth: { token }, extraHeaders: { origin, ...headers }, reconnection: false, forceNew: true });
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (err) => {
      socket.disconnect();
      resolve(err.message);
    });
  });

describe('CORS from the allow-list', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp({ config: { corsOrigins: [ALLOWED] } });
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: SUPER_EMAIL, password: SUPER_PASSWORD } });
    token = login.json<{ token: string }>().token;
  });
  afterAll(() => app.close());

  it('answers an allowed origin with its own origin and credentials', async () => {
    const r = await app.app.inject({ method: 'GET', url: '/auth/me', headers: { origin: ALLOWED, authorization: `Bearer ${token}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(r.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers the preflight of an allowed origin with 204, the methods and the headers the client sends', async () => {
    const r = await app.app.inject({
      method: 'OPTIONS',
      url: '/messages/1',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(r.headers['access-control-allow-methods'])).toMatch(/POST/);
    expect(String(r.headers['access-control-allow-methods'])).toMatch(/PUT/);
    expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
  });

  it('gives another origin no CORS header, on a call or a preflight', async () => {
    const call = await app.app.inject({ method: 'GET', url: '/version', headers: { origin: OTHER } });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await app.app.inject({ method: 'OPTIONS', url: '/auth/login', headers: { origin: OTHER, 'access-control-request-method': 'POST' } });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    // `null` (file:// pages, sandboxed frames) is just another origin.
    const nul = await app.app.inject({ method: 'GET', url: '/version', headers: { origin: 'null' } });
    expect(nul.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens a socket for an allowed origin and for our own page, refuses another origin on both transports', async () => {
    expect(await handshake(app, token, ALLOWED, 'polling')).toBe('connected');
    expect(await handshake(app, token, ALLOWED, 'websocket')).toBe('connected');
    expect(await handshake(app, token, app.url, 'websocket')).toBe('connected');
    expect(await handshake(app, token, OTHER, 'polling')).not.toBe('connected');
    expect(await handshake(app, token, OTHER, 'websocket')).not.toBe('connected');
    // A cross-site page's request says so (the browser sets Sec-Fetch-Site; a page cannot).
    expect(await handshake(app, token, OTHER, 'websocket', { 'sec-fetch-site': 'cross-site' })).not.toBe('connected');
  });

  it('opens a socket for our own page behind a proxy that rewrites Host (the browser says same-origin)', async () => {
    expect(await handshake(app, token, 'http://localhost:5173', 'websocket', { 'sec-fetch-site': 'same-origin' })).toBe('connected');
    expect(await handshake(app, token, 'http://localhost:5173', 'polling', { 'sec-fetch-site': 'same-origin' })).toBe('connected');
  });
});

describe('CORS by default (no CORS_ORIGINS)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is open to no origin: no header for any of them, and no wildcard', async () => {
    for (const origin of [ALLOWED, OTHER, 'null']) {
      const r = await app.app.inject({ method: 'GET', url: '/version', headers: { origin } });
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
