import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';

// Two-factor sign-in: the login backoff, the per-address limit and the policy (issue 28 §13;
// decision 0350). Login-heavy, so apart from two-factor.test.ts (the login limit is per test app).

let app: TestApp;
let a: TestCompany;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  app = await createTestApp({ clock });
  a = await createCompany(app);
});
afterAll(() => app.close());

const codeAt = (secret: string, ms = clock.now().getTime()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
const post = (url: string, body: unknown, token?: string) => app.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const wrongCode = (secret: string) => codeAt(secret, clock.now().getTime() + 600_000);

describe('two-factor sign-in: backoff and policy', () => {
  it('counts wrong codes in the login backoff, which a right password alone does not clear; a challenge dies after 5', async () => {
    const { user, token } = await a.addUser({});
    const { secret } = (await post('/auth/2fa/setup', {}, token)).json() as { secret: string };
    expect((await post('/auth/2fa/enable', { code: codeAt(secret) }, token)).statusCode).toBe(200);
    const creds = { email: user.email, password: 'Secret123' };
    const first = (await post('/auth/login', creds)).json().challenge as string;
    for (let i = 0; i < 5; i++) expect((await post('/auth/2fa/verify', { challenge: first, code: wrongCode(secret) })).json()).toMatchObject({ error: 'ERR_INVALID_2FA_CODE' });
    expect((await post('/auth/2fa/verify', { challenge: first, code: wrongCode(secret) })).json()).toMatchObject({ error: 'ERR_INVALID_2FA_CHALLENGE' });
    // The password is right again: a new challenge, but the 5 failures stand; one more and the pair waits.
    const second = (await post('/auth/login', creds)).json().challenge as string;
    expect((await post('/auth/2fa/verify', { challenge: second, code: wrongCode(secret) })).json()).toMatchObject({ error: 'ERR_INVALID_2FA_CODE' });
    const waiting = await post('/auth/2fa/verify', { challenge: second, code: codeAt(secret, clock.now().getTime() + 30_000) });
    expect({ status: waiting.statusCode, error: waiting.json().error }).toEqual({ status: 429, error: 'ERR_TOO_MANY_ATTEMPTS' });
    expect((await post('/auth/login', creds)).json()).toMatchObject({ error: 'ERR_TOO_MANY_ATTEMPTS' });
    // After the wait a right code gets in, and clears the count.
    offsetMs += 3_000;
    const third = (await post('/auth/login', creds)).json().challenge as string;
    expect((await post('/auth/2fa/verify', { challenge: third, code: codeAt(secret, clock.now().getTime() + 30_000) })).statusCode).toBe(200);
    expect((await app.owner`select count(*)::int as n from login_failures`)[0]!.n).toBe(0);
  });

  it("makes a company's admins set 2FA up before entering; its other users enter as before; then it cannot be turned off", async () => {
    expect((await api(app, a.adminToken).put('/settings/twoFactorAdmins', { value: 'enabled' })).status).toBe(200);
    const { user } = await a.addUser({});
    expect(Object.keys((await post('/auth/login', { email: user.email, password: 'Secret123' })).json()).sort()).toEqual(['token', 'user']);
    const creds = { email: a.admin.email, password: 'Secret123' };
    const stopped = await post('/auth/login', creds);
    expect(Object.keys(stopped.json()).sort()).toEqual(['challenge', 'twoFactorSetupRequired']);
    const challenge = stopped.json().challenge as string;
    // A setup challenge is no verify challenge.
    expect((await post('/auth/2fa/verify', { challenge, code: '123456' })).json()).toMatchObject({ error: 'ERR_INVALID_2FA_CHALLENGE' });
    const { secret } = (await post('/auth/2fa/setup', { challenge })).json() as { secret: string };
    const wrong = await post('/auth/2fa/enable', { challenge, code: wrongCode(secret) });
    expect(wrong.json()).toMatchObject({ error: 'ERR_INVALID_2FA_CODE' });
    const on = await post('/auth/2fa/enable', { challenge, code: codeAt(secret) });
    expect(on.statusCode).toBe(200);
    const body = on.json() as { recoveryCodes: string[]; session: { token: string; user: { id: number } } };
    expect(body.recoveryCodes).toHaveLength(10);
    expect(body.session.user.id).toBe(a.admin.id);
    expect(String(on.headers['set-cookie'])).toMatch(/jrt=/);
    // The challenge is spent; the session is a real one, and says 2FA is required.
    expect((await post('/auth/2fa/enable', { challenge, code: codeAt(secret) })).json()).toMatchObject({ error: 'ERR_INVALID_2FA_CHALLENGE' });
    expect((await api(app, body.session.token).get('/auth/2fa')).body).toEqual({ enabled: true, recoveryCodesLeft: 10, required: true });
    const off = await post('/auth/2fa/disable', { password: 'Secret123' }, body.session.token);
    expect({ status: off.statusCode, error: off.json().error }).toEqual({ status: 403, error: 'ERR_2FA_REQUIRED' });
    // From now on the admin's login asks for a code.
    offsetMs += 60_000;
    expect(Object.keys((await post('/auth/login', creds)).json()).sort()).toEqual(['challenge', 'twoFactorRequired']);
    expect((await api(app, body.session.token).put('/settings/twoFactorAdmins', { value: 'disabled' })).status).toBe(200);
  });

  it('makes super users set 2FA up when the platform says so', async () => {
    const su = await login(app, SUPER_EMAIL, SUPER_PASSWORD);
    expect((await api(app, su.token).put('/settings/twoFactorSuper', { value: 'enabled' })).status).toBe(200);
    const admin = await post('/auth/login', { email: a.admin.email, password: 'Secret123' });
    expect(admin.json().twoFactorSetupRequired).toBeUndefined();
    const stopped = await post('/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    expect(stopped.json()).toEqual({ twoFactorSetupRequired: true, challenge: expect.any(String) });
    await app.owner`update settings set value = 'disabled' where key = 'twoFactorSuper'`;
    expect(Object.keys((await post('/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD })).json()).sort()).toEqual(['token', 'user']);
  });

  it('limits /auth/2fa/verify with the login, per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await post('/auth/2fa/verify', { challenge: 'z'.repeat(43), code: '123456' })).statusCode);
    expect(statuses).toContain(401);
    expect(statuses.at(-1)).toBe(429);
  });
});
