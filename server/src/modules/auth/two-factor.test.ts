import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';

// Two-factor sign-in's routes (issue 28 §13; decision 0350). The backoff and the policy, which
// log in many times, are in two-factor.policy.test.ts (the login limit is per test app).

let app: TestApp;
let a: TestCompany;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  // Many logins here: the per-address limit is the policy file's subject, not this one's.
  app = await createTestApp({ clock, config: { loginRateLimit: 500 } });
  a = await createCompany(app);
});
afterAll(() => app.close());

const codeAt = (secret: string, ms = clock.now().getTime()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
const post = (url: string, body: unknown, token?: string) => app.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const cookieOf = (headers: Record<string, unknown>) => String([headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('jrt=')) ?? '');

/** A fresh user with 2FA on: its credentials, secret and recovery codes. */
const userWithTwoFactor = async () => {
  const { user, token } = await a.addUser({});
  const setup = await post('/auth/2fa/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  const on = await post('/auth/2fa/enable', { code: codeAt(secret) }, token);
  expect(on.statusCode).toBe(200);
  // The code just used is spent: later codes come from later time steps (one back stays in the window).
  offsetMs += 60_000;
  return { user, token, secret, recoveryCodes: (on.json() as { recoveryCodes: string[] }).recoveryCodes, creds: { email: user.email, password: 'Secret123' } };
};
const challengeFor = async (creds: { email: string; password: string }) => {
  const res = await post('/auth/login', creds);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { twoFactorRequired?: true; challenge: string; token?: string };
  expect(body.twoFactorRequired).toBe(true);
  return body.challenge;
};
const auditRows = (userId: number) => app.owner`select before, after from audit_logs where company_id = ${a.companyId} and entity = 'user' and action = 'update' and entity_id = ${String(userId)} order by id`;

describe('two-factor sign-in', () => {
  it('leaves the usual login answer untouched for a user without 2FA', async () => {
    const { user } = await a.addUser({});
    const res = await post('/auth/login', { email: user.email, password: 'Secret123' });
    expect(Object.keys(res.json()).sort()).toEqual(['token', 'user']);
    expect(cookieOf(res.headers)).toMatch(/^jrt=/);
    expect((await api(app, res.json().token).get('/auth/2fa')).body).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
  });

  it('sets up with a sealed secret, enables with a code, hands 10 hashed recovery codes once, and audits it', async () => {
    const u = await userWithTwoFactor();
    expect(u.recoveryCodes).toHaveLength(10);
    expect(new Set(u.recoveryCodes).size).toBe(10);
    const [row] = await app.owner`select secret, recovery_hashes, enabled_at from two_factors where user_id = ${u.user.id}`;
    expect(row!.enabled_at).not.toBeNull();
    expect(String(row!.secret)).toMatch(/^v1\./);
    expect(String(row!.secret)).not.toContain(u.secret);
    expect((row!.recovery_hashes as string[]).some((h) => u.recoveryCodes.some((c) => h.includes(c.replace('-', ''))))).toBe(false);
    expect((await api(app, u.token).get('/auth/2fa')).body).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(await auditRows(u.user.id)).toEqual([{ before: { twoFactor: 'disabled' }, after: { twoFactor: 'enabled' } }]);
    // Enabling twice, or setting up again while on, is refused.
    expect((await post('/auth/2fa/setup', {}, u.token)).json()).toMatchObject({ error: 'ERR_2FA_ALREADY_ENABLED' });
  });

  it('refuses to enable with a wrong code and keeps 2FA off', async () => {
    const { user, token } = await a.addUser({});
    const { secret } = (await post('/auth/2fa/setup', {}, token)).json() as { secret: string };
    const wrong = await post('/auth/2fa/enable', { code: codeAt(secret, clock.now().getTime() - 120_000) }, token);
    expect({ status: wrong.statusCode, error: wrong.json().error }).toEqual({ status: 400, error: 'ERR_INVALID_2FA_CODE' });
    const [row] = await app.owner`select enabled_at from two_factors where user_id = ${user.id}`;
    expect(row!.enabled_at).toBeNull();
    // Logging in still needs no code while 2FA is only set up.
    expect(Object.keys((await post('/auth/login', { email: user.email, password: 'Secret123' })).json())).toContain('token');
  });

  it('asks for a second step: no token nor cookie with the challenge; the code gives the usual answer; the challenge works once', async () => {
    const u = await userWithTwoFactor();
    const login = await post('/auth/login', u.creds);
    expect(Object.keys(login.json()).sort()).toEqual(['challenge', 'twoFactorRequired']);
    expect(cookieOf(login.headers)).toBe('');
    const challenge = login.json().challenge as string;
    const wrong = await post('/auth/2fa/verify', { challenge, code: codeAt(u.secret, clock.now().getTime() + 300_000) });
    expect({ status: wrong.statusCode, error: wrong.json().error }).toEqual({ status: 400, error: 'ERR_INVALID_2FA_CODE' });
    const ok = await post('/auth/2fa/verify', { challenge, code: codeAt(u.secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.stringMatching(/^ey/), user: { id: u.user.id, company: { id: a.companyId } } });
    expect(cookieOf(ok.headers)).toMatch(/^jrt=/);
    expect((await api(app, ok.json().token).get('/auth/me')).status).toBe(200);
    offsetMs += 30_000;
    const again = await post('/auth/2fa/verify', { challenge, code: codeAt(u.secret) });
    expect({ status: again.statusCode, error: again.json().error }).toEqual({ status: 401, error: 'ERR_INVALID_2FA_CHALLENGE' });
  });

  it('accepts one time step either side, not two, and never the same step twice', async () => {
    const u = await userWithTwoFactor();
    const now = () => clock.now().getTime();
    const previous = now() - 30_000;
    const late = await post('/auth/2fa/verify', { challenge: await challengeFor(u.creds), code: codeAt(u.secret, previous) });
    expect(late.statusCode).toBe(200);
    // The step just used (and any earlier one) is spent, even inside the window.
    const replay = await post('/auth/2fa/verify', { challenge: await challengeFor(u.creds), code: codeAt(u.secret, previous) });
    expect(replay.json()).toMatchObject({ error: 'ERR_INVALID_2FA_CODE' });
    const c = await challengeFor(u.creds);
    expect((await post('/auth/2fa/verify', { challenge: c, code: codeAt(u.secret, now() + 60_000) })).json()).toMatchObject({ error: 'ERR_INVALID_2FA_CODE' });
    expect((await post('/auth/2fa/verify', { challenge: c, code: codeAt(u.secret, now() + 30_000) })).statusCode).toBe(200);
  });

  it('lets a challenge live 5 minutes, and only the newest one', async () => {
    const u = await userWithTwoFactor();
    const old = await challengeFor(u.creds);
    const newer = await challengeFor(u.creds);
    expect((await post('/auth/2fa/verify', { challenge: old, code: codeAt(u.secret) })).json()).toMatchObject({ error: 'ERR_INVALID_2FA_CHALLENGE' });
    offsetMs += 5 * 60_000 + 1_000;
    expect((await post('/auth/2fa/verify', { challenge: newer, code: codeAt(u.secret) })).json()).toMatchObject({ error: 'ERR_INVALID_2FA_CHALLENGE' });
  });

  it('takes a recovery code once (any case, with or without the dash), and audits its use', async () => {
    const u = await userWithTwoFactor();
    const code = u.recoveryCodes[3]!;
    const ok = await post('/auth/2fa/verify', { challenge: await challengeFor(u.creds), code: code.toUpperCase().replace('-', '') });
    expect(ok.statusCode).toBe(200);
    const twice = await post('/auth/2fa/verify', { challenge: await challengeFor(u.creds), code });
    expect(twice.json()).toMatchObject({ error: 'ERR_INVALID_2FA_CODE' });
    expect((await api(app, ok.json().token).get('/auth/2fa')).body).toMatchObject({ recoveryCodesLeft: 9 });
    expect((await auditRows(u.user.id)).at(-1)).toEqual({ before: { twoFactorRecoveryCodes: 10 }, after: { twoFactorRecoveryCodes: 9 } });
  });

  it('disables with the password or a code, not a wrong one; audited; the next login needs no code', async () => {
    const u = await userWithTwoFactor();
    const wrong = await post('/auth/2fa/disable', { password: 'Wrong999' }, u.token);
    expect({ status: wrong.statusCode, error: wrong.json().error }).toEqual({ status: 400, error: 'ERR_INVALID_2FA_CODE' });
    const off = await post('/auth/2fa/disable', { code: codeAt(u.secret) }, u.token);
    expect(off.json()).toEqual({ ok: true });
    expect((await auditRows(u.user.id)).at(-1)).toEqual({ before: { twoFactor: 'enabled' }, after: { twoFactor: 'disabled' } });
    expect((await app.owner`select count(*)::int as n from two_factors where user_id = ${u.user.id}`)[0]!.n).toBe(0);
    const plain = (await post('/auth/login', u.creds)).json() as { token: string };
    expect(Object.keys(plain).sort()).toEqual(['token', 'user']);
    expect((await post('/auth/2fa/disable', { password: 'Secret123' }, plain.token)).json()).toMatchObject({ error: 'ERR_2FA_NOT_ENABLED' });
  });

  it('needs a session to set up, enable or disable without a challenge', async () => {
    expect((await post('/auth/2fa/setup', {})).statusCode).toBe(401);
    expect((await post('/auth/2fa/enable', { code: '123456' })).statusCode).toBe(401);
    expect((await post('/auth/2fa/disable', { password: 'x' })).statusCode).toBe(401);
    expect((await app.app.inject({ method: 'GET', url: '/auth/2fa' })).statusCode).toBe(401);
  });
});
