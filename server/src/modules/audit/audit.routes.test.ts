import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogDto, ListAuditLogsResponse, WhatsappDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let superToken: string;

beforeAll(async () => {
  app = await createTestApp();
  [a, b] = await Promise.all([createCompany(app), createCompany(app)]);
  superToken = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterAll(() => app.close());

const trail = (token: string, query = '') => api(app, token).get<ListAuditLogsResponse & { error?: string }>(`/audit-logs${query}`);
const rowsOf = (logs: AuditLogDto[], entity: string) => logs.filter((l) => l.entity === entity);

describe('GET /audit-logs', () => {
  it('records a connection created, edited and deleted, its token masked', async () => {
    const created = await api(app, a.adminToken).post<WhatsappDto>('/whatsapp', { name: 'Loja', provider: 'sandbox', token: 'tok-secreto-1-loja-centro' });
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect((await api(app, a.adminToken).put(`/whatsapp/${id}`, { name: 'Loja Centro', token: 'tok-secreto-2-loja-centro' })).status).toBe(200);
    expect((await api(app, a.adminToken).del(`/whatsapp/${id}`)).status).toBe(200);

    const logs = rowsOf((await trail(a.adminToken, '?entity=whatsapp')).body.logs, 'whatsapp').filter((l) => l.entityId === String(id));
    expect(logs.map((l) => l.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, crt] = logs as [AuditLogDto, AuditLogDto, AuditLogDto];
    expect(crt.before).toBeNull();
    expect(crt.after).toMatchObject({ name: 'Loja', token: '•••', provider: 'sandbox', queueIds: [] });
    // An update row is a diff: only what changed, the token still masked.
    expect([upd.before, upd.after]).toEqual([
      { name: 'Loja', token: '•••' },
      { name: 'Loja Centro', token: '•••' },
    ]);
    expect(del.after).toBeNull();
    expect(del.before).toMatchObject({ name: 'Loja Centro', token: '•••' });
    expect(JSON.stringify(logs)).not.toContain('tok-secreto');
    expect(crt.after).not.toHaveProperty('qrcode');
    expect(crt).toMatchObject({ userId: a.admin.id, userName: 'Admin', companyId: a.companyId });
  });

  it("answers admins their company's trail only, and refuses users and supervisors", async () => {
    await api(app, b.adminToken).put('/settings/userRating', { value: 'enabled' });
    const mine = await trail(a.adminToken, `?companyId=${b.companyId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.logs.length).toBeGreaterThan(0);
    expect(mine.body.logs.every((l) => l.companyId === a.companyId)).toBe(true);
    for (const profile of ['user', 'supervisor'] as const) {
      const { token } = await a.addUser({ profile });
      const r = await trail(token);
      expect([profile, r.status, r.body.error]).toEqual([profile, 403, 'ERR_NO_PERMISSION']);
    }
  });

  it("answers the super user every company's trail, or one company's", async () => {
    const all = await trail(superToken, '?entity=setting');
    expect(new Set(all.body.logs.map((l) => l.companyId))).toContain(b.companyId);
    const onlyA = await trail(superToken, `?companyId=${a.companyId}`);
    expect(onlyA.body.logs.length).toBeGreaterThan(0);
    expect(onlyA.body.logs.every((l) => l.companyId === a.companyId)).toBe(true);
  });

  it('filters by entity, user and days in the company timezone, and pages by 20', async () => {
    const c = await createCompany(app);
    const { user, token: _t } = await c.addUser({});
    // Connection created by createCompany, then 21 setting changes.
    for (let i = 0; i < 21; i += 1) await api(app, c.adminToken).put('/settings/userRating', { value: i % 2 === 0 ? 'enabled' : 'disabled' });
    const first = await trail(c.adminToken, '?entity=setting');
    expect([first.body.logs.length, first.body.hasMore]).toEqual([20, true]);
    const second = await trail(c.adminToken, '?entity=setting&pageNumber=2');
    expect([second.body.logs.length, second.body.hasMore]).toEqual([1, false]);
    expect(new Set([...first.body.logs, ...second.body.logs].map((l) => l.id)).size).toBe(21);
    expect((await trail(c.adminToken, '?entity=whatsapp')).body.logs.map((l) => l.action)).toEqual(['create']);
    expect((await trail(c.adminToken, `?userId=${user.id}`)).body.logs).toEqual([]);
    expect((await trail(c.adminToken, `?userId=${c.admin.id}&entity=setting`)).body.logs).toHaveLength(20);

    // A row stamped 02:30 UTC on the 10th is still the 9th in São Paulo (UTC-3).
    await app.owner`update audit_logs set created_at = '2026-03-10T02:30:00Z' where company_id = ${c.companyId} and entity = 'whatsapp'`;
    const ids = async (q: string) => (await trail(c.adminToken, q)).body.logs.map((l) => l.entity);
    expect(await ids('?dateFrom=2026-03-09&dateTo=2026-03-09')).toEqual(['whatsapp']);
    expect(await ids('?dateFrom=2026-03-10&dateTo=2026-03-10')).toEqual([]);
    expect(await ids('?dateTo=2026-03-08')).toEqual([]);
  });
});
