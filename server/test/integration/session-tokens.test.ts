import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { api, createCompany, type TestCompany } from '../helpers/world';

// An access token is only as good as the session behind it: logout (or a password change,
// which moves users.session_version on) ends it at once, not at its `exp`. It must name a user of
// its own company, be signed with HS256 and carry an `exp`.

let app: TestApp;
let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
});
afterAll(() => app.close());

const cookieOf = (headers: Record<string, unknown>) =>
  ([headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('jrt=')) as string).split(';')[0]!;

const loginFresh = async () => {
  const { user } = await a.addUser({});
  const res = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Secret123' } });
  return { user, token: res.json().token as string, cookie: cookieOf(res.headers) };
};

/** A token signed with the server's own secret, with any header and claims. */
const forge = (header: object, claims: object) => {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc(header)}.${enc(claims)}`;
  const alg = (header as { alg?: string }).alg;
  const secret = 'test-secret-that-is-long-enough-for-hs256-signing';
  const sig = alg === 'none' ? '' : createHmac(alg === 'HS512' ? 'sha512' : 'sha256', secret).update(body).digest('base64url');
  return `${body}.${sig}`;
};
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('access tokens', () => {
  it('logout ends the access token at once, not at its exp: refused (403), and the refresh that follows is 401', async () => {
    const s = await loginFresh();
    expect((await api(app, s.token).get('/tickets')).status).toBe(200);
    await app.app.inject({ method: 'DELETE', url: '/auth/logout', headers: { cookie: s.cookie } });
    const after = await api(app, s.token).get('/tickets');
    // Decision 0352: a token whose session version moved on is invalid (the client refreshes once)…
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ error: 'ERR_INVALID_TOKEN' });
    // …and the refresh of a logged-out session is refused: the client logs out.
    expect((await app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    // A new login works again, with the new version.
    const again = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: s.user.email, password: 'Secret123' } });
    expect((await api(app, again.json().token).get('/tickets')).status).toBe(200);
  });

  it('a moved session_version (password change) ends the token: 403, only a refresh gives a new one', async () => {
    const s = await loginFresh();
    await app.owner`update users set session_version = session_version + 1 where id = ${s.user.id}`;
    expect((await api(app, s.token).get('/auth/me')).status).toBe(403);
  });

  it("refuses a validly signed token whose user is not in the token's company", async () => {
    const s = await loginFresh();
    const claims = claimsOf(s.token);
    const moved = app.app.jwt.sign({ ...claims, companyId: b.companyId, exp: undefined, iat: undefined });
    const res = await api(app, moved).get('/tickets');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
    // And a user id that exists nowhere.
    expect((await api(app, app.app.jwt.sign({ ...claims, sub: '999999', exp: undefined, iat: undefined })).get('/tickets')).status).toBe(401);
  });

  it('accepts HS256 with exp only: another algorithm, none, or no exp is refused', async () => {
    const s = await loginFresh();
    const claims = claimsOf(s.token);
    const { exp: _exp, ...noExp } = claims;
    expect((await api(app, forge({ alg: 'HS256', typ: 'JWT' }, claims)).get('/tickets')).status).toBe(200);
    expect((await api(app, forge({ alg: 'HS512', typ: 'JWT' }, claims)).get('/tickets')).status).toBe(403);
    expect((await api(app, forge({ alg: 'none', typ: 'JWT' }, claims)).get('/tickets')).status).toBe(403);
    expect((await api(app, forge({ alg: 'HS256', typ: 'JWT' }, noExp)).get('/tickets')).status).toBe(403);
  });
});
