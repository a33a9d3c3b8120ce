import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany } from '../../../test/helpers/world';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const cookieOf = (headers: Record<string, unknown>) => {
  const raw = [headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('jrt=')) as string | undefined;
  return raw?.split(';')[0];
};
const refresh = (cookie: string) => app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie } });

describe('sessions that must end (issue 28 §7)', () => {
  it("a password an admin sets ends the user's session: access token, refresh chain and sockets", async () => {
    const b = await createCompany(app);
    const { user } = await b.addUser({});
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Secret123' } });
    const token = login.json().token as string;
    const socket = await connectSocket(app, token);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    const set = await api(app, b.adminToken).put(`/users/${user.id}`, { name: user.name, email: user.email, password: 'OutraSenha9' });
    expect(set.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The old token is refused (403: "refresh"), and the refresh is what ends the session (401).
    const me = await app.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ error: 'ERR_INVALID_TOKEN' });
    expect((await refresh(cookieOf(login.headers)!)).statusCode).toBe(401);
    expect((await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'OutraSenha9' } })).statusCode).toBe(200);
    socket.close();
  });


  it("a user's own new password ends every copy of their access token; their own client refreshes and goes on (issue 28 §7)", async () => {
    const b = await createCompany(app);
    const { user } = await b.addUser({});
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Secret123' } });
    const token = login.json().token as string;
    const me = (t: string) => app.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${t}` } });
    const stolen = token;
    // A socket someone opened with a copy of the token.
    const socket = await connectSocket(app, stolen);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    expect((await api(app, token).put(`/users/${user.id}`, { name: user.name, email: user.email, password: 'MinhaNova9' })).status).toBe(200);
    // Every socket of the user ends; the copy cannot open another one, nor call the API (403: only the refresh cookie's holder gets a new token).
    expect(await closed).toBe('io server disconnect');
    await expect(connectSocket(app, stolen)).rejects.toThrow('ERR_INVALID_TOKEN');
    socket.close();
    expect((await me(stolen)).json()).toMatchObject({ error: 'ERR_INVALID_TOKEN' });
    // The user's own client refreshes with its cookie and goes on, with the new password in force.
    const renewed = await refresh(cookieOf(login.headers)!);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().token as string)).statusCode).toBe(200);
    expect((await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Secret123' } })).statusCode).toBe(401);
  });

  it('an inactive company neither logs in, refreshes nor calls the API; the super user still does (issue 28 §7)', async () => {
    const b = await createCompany(app);
    const { user } = await b.addUser({});
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Secret123' } });
    const token = login.json().token as string;
    const me = (t: string) => app.app.inject({ method: 'GET', url: '/auth/me', headers: { authorization: `Bearer ${t}` } });
    expect((await me(token)).statusCode).toBe(200);
    await app.owner`update companies set status = false where id = ${b.companyId}`;
    expect((await me(token)).json()).toMatchObject({ error: 'ERR_SESSION_EXPIRED' });
    expect((await refresh(cookieOf(login.headers)!)).json()).toMatchObject({ error: 'ERR_COMPANY_INACTIVE' });
    const again = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Secret123' } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: 'ERR_COMPANY_INACTIVE' });
    const su = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: SUPER_EMAIL, password: SUPER_PASSWORD } });
    expect(su.statusCode).toBe(200);
    await app.owner`update companies set status = true where id = ${b.companyId}`;
    expect((await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'Secret123' } })).statusCode).toBe(200);
  });

});
