import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { NO_DUE_DATE, REFRESH_COOKIE, type CompanyDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { api, connectSocket, createCompany, login } from '../../../test/helpers/world';

// The super user's Empresas tab: list, edit (the 'Vencimento' plus button is an edit of dueDate),
// delete — which removes all the company's data and stops everything it left running.

let app: TestApp;
let superToken: string;
let superCompanyId: number;

beforeAll(async () => {
  app = await createTestApp();
  const s = await login(app, SUPER_EMAIL, SUPER_PASSWORD);
  superToken = s.token;
  superCompanyId = s.user.companyId;
});
afterAll(() => app.close());

const loginWithCookie = async (email: string, password: string) => {
  const res = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const cookie = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith(`${REFRESH_COOKIE}=`))!.split(';')[0]!;
  return { token: res.json<{ token: string }>().token, cookie };
};

describe('companies (super user)', () => {
  it('lists every company on both paths; others are refused', async () => {
    const c = await createCompany(app);
    const su = api(app, superToken);
    for (const path of ['/companies', '/companies/list']) {
      const r = await su.get<CompanyDto[]>(path);
      expect(r.status).toBe(200);
      expect(r.body.map((x) => x.id)).toEqual(expect.arrayContaining([superCompanyId, c.companyId]));
      expect((await api(app, c.adminToken).get(path)).status).toBe(403);
    }
  });

  it('edits a company (the Vencimento button moves dueDate), each change in its trail', async () => {
    const c = await createCompany(app);
    const su = api(app, superToken);
    const r = await su.put<CompanyDto>(`/companies/${c.companyId}`, { dueDate: '2030-01-31', recurrence: 'TRIMESTRAL', status: false, phone: '11999990000' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: c.companyId, dueDate: '2030-01-31', recurrence: 'TRIMESTRAL', status: false, phone: '11999990000' });
    expect((await su.get<CompanyDto>(`/companies/${c.companyId}`)).body).toMatchObject({ dueDate: '2030-01-31', status: false });
    // The spec's client sends an empty due date as null: the company never expires.
    expect((await su.put<CompanyDto>(`/companies/${c.companyId}`, { dueDate: null })).body.dueDate).toBe(NO_DUE_DATE);
    const trail = await app.owner`select action, before, after, user_id from audit_logs where entity = 'company' and entity_id = ${String(c.companyId)} and company_id = ${c.companyId} order by id`;
    expect(trail.map((t) => t.action)).toEqual(['update', 'update']);
    expect(trail[0]!.before).toMatchObject({ recurrence: 'MENSAL', status: true });
    expect(trail[0]!.after).toMatchObject({ dueDate: '2030-01-31', recurrence: 'TRIMESTRAL', status: false });
    expect(trail[1]!.after).toEqual({ dueDate: NO_DUE_DATE });
    // Its creation is in the super user's trail.
    const [created] = await app.owner`select after from audit_logs where entity = 'company' and entity_id = ${String(c.companyId)} and action = 'create' and company_id = ${superCompanyId}`;
    expect(created!.after).toMatchObject({ recurrence: 'MENSAL', status: true, dueDate: NO_DUE_DATE });
  });

  it("refuses a taken name (409), an unknown plan (404), another company's admin (403)", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const su = api(app, superToken);
    const [bName] = await app.owner`select name from companies where id = ${b.companyId}`;
    expect(await su.put(`/companies/${a.companyId}`, { name: String(bName!.name).toUpperCase() })).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_COMPANY' } });
    expect(await su.put(`/companies/${a.companyId}`, { planId: 999999 })).toMatchObject({ status: 404, body: { error: 'ERR_NO_PLAN_FOUND' } });
    expect(await api(app, a.adminToken).put(`/companies/${a.companyId}`, { dueDate: '2099-01-01' })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await api(app, a.adminToken).del(`/companies/${b.companyId}`)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await app.owner`select id from companies where id = ${b.companyId}`).toHaveLength(1);
  });

  it('never deletes the platform company', async () => {
    const r = await api(app, superToken).del(`/companies/${superCompanyId}`);
    expect(r).toMatchObject({ status: 409, body: { error: 'ERR_PLATFORM_COMPANY' } });
    expect(await app.owner`select id from companies where id = ${superCompanyId}`).toHaveLength(1);
    expect((await api(app, superToken).del('/companies/999999')).status).toBe(404);
  });

  it('deletes a company: all its data, its WhatsApp sessions, its refresh tokens and its sockets', async () => {
    const c = await createCompany(app);
    const other = await createCompany(app);
    // Data in many tables: a queue, a contact, a ticket with messages, an agent, a tag.
    await c.addQueue();
    const agent = await c.addUser({});
    expect((await c.inbound('5511987650001', 'Olá')).status).toBe(202);
    await expect.poll(async () => (await app.owner`select count(*)::int as n from messages where company_id = ${c.companyId}`)[0]!.n).toBeGreaterThan(0);
    expect((await api(app, c.adminToken).post('/tags', { name: 'Apagar' })).status).toBe(200);
    expect(app.sessions.get(c.whatsapp.id)).toBeDefined();
    expect(app.sessions.get(other.whatsapp.id)).toBeDefined();
    const [adminRow] = await app.owner`select email from users where id = ${c.admin.id}`;
    const session = await loginWithCookie(String(adminRow!.email), 'Secret123');
    const sockets: Socket[] = [await connectSocket(app, session.token), await connectSocket(app, agent.token)];
    const closed = sockets.map((s) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason))));
    const otherSocket = await connectSocket(app, other.adminToken);

    const r = await api(app, superToken).del(`/companies/${c.companyId}`);
    expect(r).toMatchObject({ status: 200, body: { message: expect.any(String) } });

    // Every row of the company is gone (the foreign keys cascade), the other company's stay.
    const left = await app.owner`
      select c.table_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'`;
    for (const { table_name } of left) {
      const [row] = await app.owner.unsafe(`select count(*)::int as n from "${String(table_name)}" where company_id = $1`, [c.companyId]);
      expect({ table: table_name, n: row!.n }).toEqual({ table: table_name, n: 0 });
    }
    expect(await app.owner`select id from companies where id = ${c.companyId}`).toEqual([]);
    expect(await app.owner`select id from users where company_id = ${other.companyId}`).not.toEqual([]);
    // The session is stopped; the other company's keeps running.
    expect(app.sessions.get(c.whatsapp.id)).toBeUndefined();
    expect(app.sessions.get(other.whatsapp.id)).toBeDefined();
    // Its sockets are closed by the server, its tokens stop working.
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(otherSocket.connected).toBe(true);
    otherSocket.close();
    const refreshed = await app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie: session.cookie } });
    expect(refreshed.statusCode).toBe(401);
    expect((await api(app, session.token).get('/tickets')).status).toBeGreaterThanOrEqual(401);
    expect((await api(app, other.adminToken).get('/tickets')).status).toBe(200);
    // The trail row is the super user's (the company's own trail went with it).
    const [trail] = await app.owner`select action, before, company_id from audit_logs where entity = 'company' and entity_id = ${String(c.companyId)} and action = 'delete'`;
    expect(trail).toMatchObject({ company_id: superCompanyId, before: { name: expect.any(String) } });
    // A second delete finds nothing.
    expect((await api(app, superToken).del(`/companies/${c.companyId}`)).status).toBe(404);
  });
});
