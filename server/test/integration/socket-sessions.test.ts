import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { REFRESH_COOKIE, type TicketDto } from '@balcao/shared';
import { SOCKET_LIMITS } from '../../src/infra/socket-limits';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, connectSocket, createCompany, type TestCompany } from '../helpers/world';

// Sockets end with their session, and a socket cannot flood the queries behind its messages.

let app: TestApp;
let co: TestCompany;
let agentEmail: string;
/** Moves the server's clock (refresh-token reuse is judged by it). */
let offsetMs = 0;
beforeAll(async () => {
  app = await createTestApp({ clock: { now: () => new Date(Date.now() + offsetMs) } });
  co = await createCompany(app);
  agentEmail = `agente-${Date.now()}@example.com`;
  const r = await api(app, co.adminToken).post('/users', { name: 'Agente', email: agentEmail, password: 'Secret123', profile: 'user', queueIds: [], allTicket: 'disabled' });
  expect(r.status).toBe(200);
});
afterAll(() => app.close());

/** Logs the agent in: its access token and refresh cookie. */
const loginAgent = async () => {
  const res = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: agentEmail, password: 'Secret123' } });
  expect(res.statusCode).toBe(200);
  const cookie = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith(`${REFRESH_COOKIE}=`))!.split(';')[0]!;
  return { token: res.json<{ token: string }>().token, cookie };
};

/** Resolves with the reason once the server closes the socket. */
const closedByServer = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));

/** A round trip that only a live, accepted socket answers. */
const resync = (s: Socket) => new Promise<{ tickets: TicketDto[]; error?: string }>((resolve) => s.emit('resync', new Date().toISOString(), resolve));

describe('sockets end with their session', () => {
  it('logout closes the sockets the session opened', async () => {
    const { token, cookie } = await loginAgent();
    const s = await connectSocket(app, token);
    const closed = closedByServer(s);
    const out = await app.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it("after logout the session's access token opens no new socket", async () => {
    const { token, cookie } = await loginAgent();
    (await connectSocket(app, token)).close();
    const out = await app.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    // Decision 0352: the token is refused as invalid; the client's refresh is what fails then.
    await expect(connectSocket(app, token)).rejects.toThrow('ERR_INVALID_TOKEN');
  });

  it('a new login closes the old session\'s sockets (after telling them), not the new one\'s', async () => {
    const first = await loginAgent();
    const old = await connectSocket(app, first.token);
    const told = new Promise((resolve) => old.onAny((event: string) => event.endsWith('-auth') && resolve(event)));
    const closed = closedByServer(old);
    const second = await loginAgent();
    expect(await told).toMatch(/^company-\d+-auth$/);
    expect(await closed).toBe('io server disconnect');
    const fresh = await connectSocket(app, second.token);
    expect((await resync(fresh)).error).toBeUndefined();
    expect(fresh.connected).toBe(true);
    fresh.close();
  });
});

describe('sockets end with a revoked refresh token', () => {
  it('a rotated refresh token presented again (after the grace) ends the login and its sockets', async () => {
    const { cookie } = await loginAgent();
    const rotated = await app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie } });
    expect(rotated.statusCode).toBe(200);
    const s = await connectSocket(app, rotated.json<{ token: string }>().token);
    const closed = closedByServer(s);
    offsetMs += 60_000;
    const reused = await app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie } });
    expect(reused.statusCode).toBe(401);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('socket messages are rate-limited per socket', () => {
  it('refuses resync over its budget with ERR_TOO_MANY_REQUESTS instead of querying', async () => {
    const s = await connectSocket(app, co.adminToken);
    const answers = [];
    for (let i = 0; i <= SOCKET_LIMITS.resync.max; i++) answers.push(await resync(s));
    expect(answers.slice(0, -1).every((a) => a.error === undefined)).toBe(true);
    expect(answers.at(-1)).toEqual({ tickets: [], error: 'ERR_TOO_MANY_REQUESTS' });
    // Another socket has its own budget.
    const other = await connectSocket(app, co.adminToken);
    expect((await resync(other)).error).toBeUndefined();
    s.close();
    other.close();
  });

  it('refuses joinChatBox over its budget with (false, ERR_TOO_MANY_REQUESTS)', async () => {
    const s = await connectSocket(app, co.adminToken);
    const join = () => new Promise<unknown[]>((resolve) => s.emit('joinChatBox', '00000000-0000-4000-8000-000000000000', (...a: unknown[]) => resolve(a)));
    for (let i = 0; i < SOCKET_LIMITS.joinChatBox.max; i++) expect(await join()).toEqual([false]);
    expect(await join()).toEqual([false, 'ERR_TOO_MANY_REQUESTS']);
    s.close();
  });
});
