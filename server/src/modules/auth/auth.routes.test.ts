import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_DUE_DATE, wireEvent } from '@balcao/shared';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  app = await createTestApp({ clock });
  a = await createCompany(app);
});
afterAll(() => app.close());

const cookieOf = (headers: Record<string, unknown>) => {
  const raw = [headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('jrt=')) as string | undefined;
  return raw?.split(';')[0];
};

const refresh = (cookie?: string) =>
  app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: cookie ? { cookie } : {} });

const freshUser = async () => {
  const { user } = await a.addUser({});
  return { email: user.email, password: 'Secret123' };
};

describe('auth', () => {
  it('logs in with the user, company and settings, and an httpOnly refresh cookie', async () => {
    const creds = await freshUser();
    const res = await app.app.inject({ method: 'POST', url: '/auth/login', payload: creds });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: creds.email, companyId: a.companyId, company: { id: a.companyId } });
    expect(body.user.company.settings).toEqual(expect.arrayContaining([{ key: 'CheckMsgIsGroup', value: 'enabled' }]));
    expect(String(res.headers['set-cookie'])).toMatch(/jrt=.*HttpOnly/i);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const creds = await freshUser();
    const wrong = await api(app).post('/auth/login', { ...creds, password: 'nope' });
    const unknown = await api(app).post('/auth/login', { email: 'nobody@example.com', password: 'nope' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS' });
    expect(unknown.body).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS' });
  });

  it('tells "log in again" (401) apart from "refresh your token" (403)', async () => {
    expect((await api(app).get('/tickets')).status).toBe(401);
    const bad = await api(app, 'not-a-jwt').get('/tickets');
    expect(bad.status).toBe(403);
    expect(bad.body).toMatchObject({ error: 'ERR_INVALID_TOKEN' });
    expect((await api(app, a.adminToken).get('/auth/me')).body).toMatchObject({ id: a.admin.id, company: { id: a.companyId } });
  });

  it('rotates the refresh token and ends the whole login when an old one is replayed', async () => {
    const creds = await freshUser();
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: creds });
    const c1 = cookieOf(login.headers)!;
    const r1 = await refresh(c1);
    expect(r1.statusCode).toBe(200);
    const c2 = cookieOf(r1.headers)!;
    expect(c2).not.toBe(c1);
    offsetMs += 60_000; // past the grace window for two tabs refreshing at once
    expect((await refresh(c1)).statusCode).toBe(401);
    expect((await refresh(c2)).statusCode).toBe(401);
  });

  it('revokes on logout', async () => {
    const creds = await freshUser();
    const c1 = cookieOf((await app.app.inject({ method: 'POST', url: '/auth/login', payload: creds })).headers)!;
    await app.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { cookie: c1 } });
    expect((await refresh(c1)).statusCode).toBe(401);
    expect((await refresh()).json()).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
  });

  it('ends the session on logout with only the access token: token, refresh chain and socket (issue 28 §7)', async () => {
    const creds = await freshUser();
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: creds });
    const token = login.json().token as string;
    const me = () => app.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);
    const socket = await connectSocket(app, token);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const out = await app.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The old token is refused (403: "refresh"), and the refresh is what ends the session (401).
    expect((await me()).json()).toMatchObject({ error: 'ERR_INVALID_TOKEN' });
    expect((await refresh(cookieOf(login.headers))).statusCode).toBe(401);
    socket.close();
  });

  it('changes nothing on logout with a token that is not a live one', async () => {
    const creds = await freshUser();
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: creds });
    const out = await app.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { authorization: 'Bearer not.a.token' } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(cookieOf(login.headers))).statusCode).toBe(200);
  });

  it('keeps one active session per user: a new login ends the old one and tells its socket', async () => {
    const creds = await freshUser();
    const first = await app.app.inject({ method: 'POST', url: '/auth/login', payload: creds });
    const socket = await connectSocket(app, first.json().token);
    const kicked = nextEvent<{ action: string; user: { id: number } }>(socket, wireEvent(a.companyId, 'auth'));
    const second = await app.app.inject({ method: 'POST', url: '/auth/login', payload: creds });
    expect(await kicked).toEqual({ action: 'update', user: { id: second.json().user.id } });
    expect((await refresh(cookieOf(first.headers))).statusCode).toBe(401);
    expect((await refresh(cookieOf(second.headers))).statusCode).toBe(200);
    socket.close();
  });

  it('blocks a company past its due date at login and at refresh, and warns in the last days', async () => {
    const creds = await freshUser();
    const c = cookieOf((await app.app.inject({ method: 'POST', url: '/auth/login', payload: creds })).headers)!;
    await app.owner`update companies set due_date = (now() at time zone timezone)::date + 3 where id = ${a.companyId}`;
    const warned = await api(app).post<{ dueWarningDays: number }>('/auth/login', creds);
    expect(warned.body.dueWarningDays).toBe(3);
    await app.owner`update companies set due_date = '2020-01-31' where id = ${a.companyId}`;
    const blocked = await api(app).post<{ error: string; message: string }>('/auth/login', creds);
    expect(blocked.status).toBe(401);
    expect(blocked.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(blocked.body.message).toContain('31/01/2020');
    expect((await refresh(cookieOf(warned.headers as Record<string, unknown>) ?? c)).statusCode).toBe(401);
    await app.owner`update companies set due_date = ${NO_DUE_DATE} where id = ${a.companyId}`;
  });

  it('always answers a due date (the spec\'s client refuses `dueDate: null`): far ahead for the platform and for companies created without one', async () => {
    const su = await api(app).post<{ user: { company: { dueDate: unknown } } }>('/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    expect(su.body.user.company.dueDate).toBe(NO_DUE_DATE);
    const admin = await api(app).post<{ user: { company: { dueDate: unknown } }; dueWarningDays?: number }>('/auth/login', await freshUser());
    expect(admin.body.user.company.dueDate).toBe(NO_DUE_DATE);
    expect(admin.body.dueWarningDays).toBeUndefined();
    // The column is NOT NULL: no later write can bring the null back.
    await expect(app.owner`update companies set due_date = null where id = ${a.companyId}`).rejects.toThrow(/null/);
  });

  it('reports its version', async () => {
    expect((await api(app).get('/version')).body).toEqual({ version: '0.0.0-test' });
  });
});
