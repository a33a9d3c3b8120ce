/**
 * The login page and the session, as the spec's client does them (pages/Login, hooks/useAuth,
 * services/api; attendance §4 Session and §7 Authentication; server-behaviour §2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { tamperToken } from '../helpers/sockets';
import { SPEC_ORIGIN, SpecClient } from './client';
import { createStage, PASSWORD, type Stage } from './stage';
import { createCompany } from '../helpers/world';

let stage: Stage;
beforeAll(async () => {
  stage = await createStage();
});
afterAll(async () => {
  await stage?.close();
});

describe('the login page (pages/Login)', () => {
  it('reads the public viewregister setting ({ value }) without a token', async () => {
    const res = await new SpecClient(stage.app).viewRegister();
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ value: expect.stringMatching(/^(enabled|disabled)$/) });
    expect(res.headers.get('access-control-allow-origin')).toBe(SPEC_ORIGIN);
  });

  it('shows the login and internal logos (/public/logotipos/*.png with a cache-busting query)', async () => {
    for (const which of ['login', 'interno'] as const) {
      const res = await new SpecClient(stage.app).logo(which);
      expect(res.status, which).toBe(200);
      expect(res.headers.get('content-type'), which).toMatch(/^image\/png/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 4)], which).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it('gets a CORS preflight answer for its JSON POST and its authorised GETs (credentials allowed)', async () => {
    for (const [path, method, headers] of [
      ['/auth/login', 'POST', 'content-type'],
      ['/tickets?pageNumber=1&status=open', 'GET', 'authorization'],
      ['/messages/1', 'POST', 'authorization,content-type'],
      ['/tickets/1', 'PUT', 'authorization,content-type'],
    ] as const) {
      const res = await fetch(`${stage.app.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: SPEC_ORIGIN, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
      });
      expect(res.status, path).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin'), path).toBe(SPEC_ORIGIN);
      expect(res.headers.get('access-control-allow-credentials'), path).toBe('true');
      expect(res.headers.get('access-control-allow-methods') ?? '', path).toContain(method);
      for (const h of headers.split(',')) expect((res.headers.get('access-control-allow-headers') ?? '').toLowerCase(), path).toContain(h);
    }
  });
});

describe('logging in (useAuth.handleLogin)', () => {
  it('POST /auth/login {email, password}: token, user.id/companyId/profile/queues, company.dueDate in the future, settings; the refresh cookie', async () => {
    const tab = new SpecClient(stage.app);
    const { res, admitted, warnDays } = await tab.login(stage.c.admin.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SPEC_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.data.token).toEqual(expect.any(String));
    expect(res.data.user).toMatchObject({
      id: stage.c.admin.id,
      companyId: stage.c.companyId,
      profile: 'admin',
      queues: expect.any(Array),
      company: { id: stage.c.companyId, name: expect.any(String), settings: expect.any(Array) },
    });
    // "Opss! Sua assinatura venceu": the client lets the user in only before company.dueDate.
    expect(res.data.user.company.dueDate).toEqual(expect.any(String));
    expect(admitted).toBe(true);
    expect(warnDays).toBeNull();
    expect(tab.jar.has('jrt')).toBe(true);
  });

  it('admits the platform owner too (the platform company has a due date far in the future)', async () => {
    const { res, admitted } = await new SpecClient(stage.app).login(SUPER_EMAIL, SUPER_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.data.user.company.dueDate).toEqual(expect.any(String));
    expect(admitted).toBe(true);
  });

  it('admits a regular user, whose queues TicketsManagerTabs maps to the selected queue ids', async () => {
    const { id: queueId } = await stage.c.addQueue();
    const tab = await stage.userTab([queueId]);
    expect(tab.user).toMatchObject({ profile: 'user', queues: [{ id: queueId, name: expect.any(String), color: expect.any(String) }] });
  });

  it('answers a wrong password with an error code the client translates (ERR_INVALID_CREDENTIALS)', async () => {
    const { res, admitted } = await new SpecClient(stage.app).login(stage.c.admin.email, 'wrong-password');
    expect(admitted).toBe(false);
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.data)).toContain('ERR_INVALID_CREDENTIALS');
  });
});

describe('the session afterwards (services/api interceptors)', () => {
  it('POST /auth/refresh_token with the cookie gives a new token and the user', async () => {
    const tab = await stage.adminTab();
    const res = await tab.restoreSession();
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SPEC_ORIGIN);
    expect(res.data).toMatchObject({ token: expect.any(String), user: { id: stage.c.admin.id, companyId: stage.c.companyId } });
  });

  it('a bad access token answers 403, the client refreshes once and the retry succeeds', async () => {
    // A token whose signature no longer matches its payload (server-behaviour §2: invalid → 403).
    const tab = await stage.adminTab();
    tab.storage.set('token', JSON.stringify(tamperToken(tab.token!, (c) => ({ ...c, iat: Number(c.iat) - 1 }))));
    const res = await tab.listPlan();
    expect(res.status).toBe(200);
    expect(tab.calls.map((c) => c.replace(/\?.*? →/, ' →'))).toEqual([
      'POST /auth/login → 200',
      `GET /companies/listPlan/${stage.c.companyId} → 403`,
      'POST /auth/refresh_token → 200',
      `GET /companies/listPlan/${stage.c.companyId} → 200`,
    ]);
  });

  it('no token answers 401 and the client logs out', async () => {
    const tab = await stage.adminTab();
    tab.storage.delete('token');
    const res = await tab.http('GET', '/tickets', { params: { pageNumber: 1, status: 'open' } });
    expect(res.status).toBe(401);
    expect(tab.loggedOut).toBe(true);
  });

  it("changing one's own password in the user modal keeps this tab (403, refresh, retry) and logs out a copy of its token (issue 28 §7)", async () => {
    const tab = await stage.userTab([]);
    // A copy of the token in another browser: no refresh cookie.
    const copy = new SpecClient(stage.app, new Map(tab.storage));
    expect((await copy.userById(tab.userId)).status).toBe(200);
    const me = (await tab.userById()).data as { name: string; email: string };
    const saved = await tab.saveUser(tab.userId, { name: me.name, email: me.email, password: 'OutraSenha7', profile: 'user', allTicket: 'disabled', whatsappId: '', queueIds: [] });
    expect(saved.status).toBe(200);
    tab.calls.length = 0;
    expect((await tab.userById()).status).toBe(200);
    expect(tab.calls.map((c) => c.replace(/\/users\/\d+/, '/users/:id'))).toEqual(['GET /users/:id → 403', 'POST /auth/refresh_token → 200', 'GET /users/:id → 200']);
    expect(tab.loggedOut).toBe(false);
    await copy.userById(tab.userId);
    expect(copy.loggedOut).toBe(true);
  });

  it('logging out ends a copy of the token in another browser too (issue 28 §7)', async () => {
    const tab = await stage.userTab([]);
    const copy = new SpecClient(stage.app, new Map(tab.storage));
    expect((await tab.logout()).status).toBe(200);
    await copy.userById(copy.userId);
    expect(copy.loggedOut).toBe(true);
  });

  it('a company the super user sets inactive is logged out at its next call and cannot log in again (issue 28 §7)', async () => {
    const c = await createCompany(stage.app);
    const tab = new SpecClient(stage.app);
    expect((await tab.login(c.admin.email, 'Secret123')).admitted).toBe(true);
    await stage.app.owner`update companies set status = false where id = ${c.companyId}`;
    await tab.listPlan();
    expect(tab.loggedOut).toBe(true);
    const again = await new SpecClient(stage.app).login(c.admin.email, 'Secret123');
    expect(again.res.status).toBe(401);
    expect(again.res.data).toMatchObject({ error: 'ERR_COMPANY_INACTIVE' });
  });

  it('logging in elsewhere kicks the first tab: company-{id}-auth { action: "update", user.id } (layout)', async () => {
    const first = await stage.adminTab();
    const socket = await first.socket().open();
    try {
      await stage.adminTab();
      const frame = await socket.next<{ action: string; user: { id: number } }>(socket.channel('auth'), (p) => p.user?.id === first.userId);
      expect(frame.action).toBe('update');
    } finally {
      socket.close();
    }
  });
});
