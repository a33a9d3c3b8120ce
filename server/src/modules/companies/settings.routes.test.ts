import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyWithSchedulesDto, ListAuditLogsResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { api, connectSocket, createCompany, login, nextEvent, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let superToken: string;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  superToken = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterAll(() => app.close());

type Setting = { key: string; value: string; configured?: boolean };
const valueOf = async (token: string, key: string) => (await api(app, token).get<Setting[]>('/settings')).body.find((s) => s.key === key)?.value;

describe('company settings', () => {
  it('lets an admin change a known setting, which GET /settings then answers', async () => {
    const r = await api(app, a.adminToken).put<Setting>('/settings/sendMsgTransfTicket', { value: 'enabled' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ key: 'sendMsgTransfTicket', value: 'enabled' });
    expect(await valueOf(a.adminToken, 'sendMsgTransfTicket')).toBe('enabled');
    const back = await api(app, a.adminToken).put<Setting>('/settings/sendMsgTransfTicket', { value: 'disabled' });
    expect(back.body.value).toBe('disabled');
    const rows = await app.owner`select value from settings where company_id = ${a.companyId} and key = 'sendMsgTransfTicket'`;
    expect(rows).toEqual([{ value: 'disabled' }]);
  });

  it('stores the language, one of the server languages', async () => {
    expect((await api(app, a.adminToken).put('/settings/language', { value: 'es' })).status).toBe(200);
    expect(await valueOf(a.adminToken, 'language')).toBe('es');
    const bad = await api(app, a.adminToken).put<{ error: string }>('/settings/language', { value: 'klingon' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    await api(app, a.adminToken).put('/settings/language', { value: 'pt-BR' });
  });

  it('refuses unknown keys and values an on/off setting cannot take', async () => {
    const unknown = await api(app, a.adminToken).put<{ error: string }>('/settings/nope', { value: 'enabled' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_NO_SETTING_FOUND');
    const bad = await api(app, a.adminToken).put<{ error: string }>('/settings/userRating', { value: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
    expect(await valueOf(a.adminToken, 'userRating')).toBe('disabled');
  });

  it('takes scheduleType as disabled, queue or company (administration.md §3), nothing else', async () => {
    for (const value of ['queue', 'company', 'disabled']) {
      expect((await api(app, a.adminToken).put('/settings/scheduleType', { value })).status).toBe(200);
      expect(await valueOf(a.adminToken, 'scheduleType')).toBe(value);
    }
    expect((await api(app, a.adminToken).put<{ error: string }>('/settings/scheduleType', { value: 'enabled' })).body.error).toBe('ERR_VALIDATION');
    expect(await valueOf(a.adminToken, 'scheduleType')).toBe('disabled');
  });

  it('lets users and supervisors read the settings but not change them', async () => {
    for (const profile of ['user', 'supervisor'] as const) {
      const { token } = await a.addUser({ profile });
      expect(await valueOf(token, 'sendGreetingAccepted')).toBe('disabled');
      const r = await api(app, token).put<{ error: string }>('/settings/sendGreetingAccepted', { value: 'enabled' });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect(await valueOf(a.adminToken, 'sendGreetingAccepted')).toBe('disabled');
  });
});

const week = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' },
];
const trail = async (token: string, query = '') => api(app, token).get<ListAuditLogsResponse>(`/audit-logs${query}`);

describe('every setting of administration.md §3', () => {
  it('knows the choice settings and refuses values outside their choices', async () => {
    expect((await api(app, a.adminToken).put('/settings/scheduleType', { value: 'company' })).status).toBe(200);
    expect(await valueOf(a.adminToken, 'scheduleType')).toBe('company');
    for (const [key, value] of [['scheduleType', 'enabled'], ['chatBotType', 'button'], ['call', 'maybe']] as const) {
      const r = await api(app, a.adminToken).put<{ error: string }>(`/settings/${key}`, { value });
      expect([key, r.status, r.body.error]).toEqual([key, 400, 'ERR_VALIDATION']);
    }
    await api(app, a.adminToken).put('/settings/scheduleType', { value: 'disabled' });
  });

  it('keeps integration keys write-only: answered empty with `configured`, set by super users only', async () => {
    const before = (await api(app, a.adminToken).get<Setting[]>('/settings')).body;
    for (const key of ['ipixc', 'tokenixc', 'ipmkauth', 'clientidmkauth', 'clientsecretmkauth', 'asaas']) expect(before.find((s) => s.key === key)).toEqual({ key, value: '', configured: false });
    const denied = await api(app, a.adminToken).put<{ error: string }>('/settings/asaas', { value: 'segredo-do-admin' });
    expect([denied.status, denied.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);

    const put = await api(app, superToken).put<Setting>('/settings/asaas', { value: '$aact_segredo_123' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ key: 'asaas', value: '', configured: true });
    const listed = await api(app, superToken).get<Setting[]>('/settings');
    expect(listed.body.find((s) => s.key === 'asaas')).toEqual({ key: 'asaas', value: '', configured: true });
    expect(JSON.stringify(listed.body)).not.toContain('segredo');
    const [platform] = await app.owner`select id from companies where is_platform`;
    const [row] = await app.owner`select value from settings where company_id = ${platform!.id} and key = 'asaas'`;
    expect(row?.value).toBe('$aact_segredo_123');
    // The trail says it changed, never what to.
    const again = await api(app, superToken).put('/settings/asaas', { value: '$aact_outro_456' });
    expect(again.status).toBe(200);
    const logs = (await trail(superToken, `?entity=setting&companyId=${platform!.id}`)).body.logs.filter((l) => l.entityId === 'asaas');
    expect(logs.map((l) => [l.before, l.after])).toEqual([
      [{ asaas: '•••' }, { asaas: '•••' }],
      [{ asaas: '' }, { asaas: '•••' }],
    ]);
    expect(JSON.stringify(logs)).not.toMatch(/aact/);
  });

  it("lets the super user set the platform's settings (allowregister, viewregister, trial 1–7), nobody else", async () => {
    expect((await api(app, a.adminToken).get<Setting[]>('/settings')).body.some((s) => s.key === 'trial')).toBe(false);
    expect((await api(app, a.adminToken).put('/settings/trial', { value: '5' })).status).toBe(403);
    expect((await api(app, superToken).put('/settings/trial', { value: '9' })).status).toBe(400);
    expect((await api(app, superToken).put('/settings/viewregister', { value: 'enabled' })).status).toBe(200);
    expect((await api(app, superToken).put('/settings/trial', { value: '5' })).status).toBe(200);
    expect(await valueOf(superToken, 'trial')).toBe('5');
    expect(await valueOf(superToken, 'allowregister')).toBe('disabled');
    expect((await api(app).get<{ value: string }>('/settings/viewregister')).body.value).toBe('enabled');
    await api(app, superToken).put('/settings/viewregister', { value: 'disabled' });
  });
});

describe('the company timezone', () => {
  it('is read and written as the `timezone` setting, an IANA zone, by admins', async () => {
    expect(await valueOf(a.adminToken, 'timezone')).toBe('America/Sao_Paulo');
    const bad = await api(app, a.adminToken).put<{ error: string }>('/settings/timezone', { value: 'Mars/Olympus' });
    expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const { token } = await a.addUser({ profile: 'supervisor' });
    expect((await api(app, token).put('/settings/timezone', { value: 'Europe/Lisbon' })).status).toBe(403);
    expect(await valueOf(token, 'timezone')).toBe('America/Sao_Paulo');

    expect((await api(app, a.adminToken).put('/settings/timezone', { value: 'Europe/Lisbon' })).body).toEqual({ key: 'timezone', value: 'Europe/Lisbon' });
    const [c] = await app.owner`select timezone from companies where id = ${a.companyId}`;
    expect(c?.timezone).toBe('Europe/Lisbon');
    expect((await api(app, a.adminToken).get<CompanyWithSchedulesDto>(`/companies/${a.companyId}`)).body.timezone).toBe('Europe/Lisbon');
    await api(app, a.adminToken).put('/settings/timezone', { value: 'America/Sao_Paulo' });
  });
});

describe('PUT /companies/:id/schedules', () => {
  it("stores the company's hours for its admin and answers the company", async () => {
    const r = await api(app, a.adminToken).put<CompanyWithSchedulesDto>(`/companies/${a.companyId}/schedules`, { id: a.companyId, schedules: week });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: a.companyId, schedules: week });
    expect((await api(app, a.adminToken).get<CompanyWithSchedulesDto>(`/companies/${a.companyId}`)).body.schedules).toEqual(week);
  });

  it('refuses bad times, users and other companies', async () => {
    const bad = await api(app, a.adminToken).put<{ error: string }>(`/companies/${a.companyId}/schedules`, { schedules: [{ ...week[0], startTime: '8h' }] });
    expect([bad.status, bad.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const late = await api(app, a.adminToken).put(`/companies/${a.companyId}/schedules`, { schedules: [{ ...week[0], endTime: '24:00' }] });
    expect(late.status).toBe(400);
    const { token } = await a.addUser({});
    const user = await api(app, token).put<{ error: string }>(`/companies/${a.companyId}/schedules`, { schedules: [] });
    expect([user.status, user.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    const b = await createCompany(app);
    const other = await api(app, b.adminToken).put<{ error: string }>(`/companies/${a.companyId}/schedules`, { schedules: [] });
    expect([other.status, other.body.error]).toEqual([404, 'ERR_NO_COMPANY_FOUND']);
    expect((await api(app, b.adminToken).get(`/companies/${a.companyId}`)).status).toBe(404);
    expect((await api(app, a.adminToken).get<CompanyWithSchedulesDto>(`/companies/${a.companyId}`)).body.schedules).toEqual(week);
    // The super user may set any company's hours.
    expect((await api(app, superToken).put(`/companies/${b.companyId}/schedules`, { schedules: week.slice(0, 1) })).status).toBe(200);
  });
});

describe('company-<id>-settings events', () => {
  it("reach everyone in the company (never another company's sockets), without a key's value", async () => {
    const b = await createCompany(app);
    const { token } = await a.addUser({});
    const mine = await connectSocket(app, token);
    const theirs = await connectSocket(app, b.adminToken);
    const foreign: unknown[] = [];
    theirs.onAny((event: string, p: unknown) => void (event.includes('settings') && foreign.push(p)));
    try {
      const heard = nextEvent<{ action: string; setting: Setting }>(mine, `company-${a.companyId}-settings`, (p) => p.setting?.key === 'userRating');
      await api(app, a.adminToken).put('/settings/userRating', { value: 'enabled' });
      expect(await heard).toEqual({ action: 'update', setting: { key: 'userRating', value: 'enabled' } });
      const hours = nextEvent<{ action: string; schedules: unknown }>(mine, `company-${a.companyId}-settings`, (p) => p.action === 'schedules');
      await api(app, a.adminToken).put(`/companies/${a.companyId}/schedules`, { schedules: week });
      expect(await hours).toEqual({ action: 'schedules', schedules: week });
      const zone = nextEvent<{ setting: Setting }>(mine, `company-${a.companyId}-settings`, (p) => p.setting?.key === 'timezone');
      await api(app, a.adminToken).put('/settings/timezone', { value: 'America/Manaus' });
      expect((await zone).setting.value).toBe('America/Manaus');
      expect(foreign).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
      await api(app, a.adminToken).put('/settings/userRating', { value: 'disabled' });
      await api(app, a.adminToken).put('/settings/timezone', { value: 'America/Sao_Paulo' });
    }
  });
});

describe('the audit trail of settings', () => {
  it('records who changed which setting, hours and timezone, before → after', async () => {
    const c = await createCompany(app);
    await api(app, c.adminToken).put('/settings/sendGreetingAccepted', { value: 'enabled' });
    await api(app, c.adminToken).put('/settings/sendGreetingAccepted', { value: 'enabled' });
    await api(app, c.adminToken).put('/settings/timezone', { value: 'America/Recife' });
    await api(app, c.adminToken).put(`/companies/${c.companyId}/schedules`, { schedules: week });
    const r = await trail(c.adminToken);
    expect(r.status).toBe(200);
    expect(r.body.hasMore).toBe(false);
    const rows = r.body.logs.filter((l) => l.entity !== 'whatsapp');
    expect(rows.map((l) => [l.entity, l.entityId, l.action, l.before, l.after, l.userName, l.userId])).toEqual([
      ['company', String(c.companyId), 'update', { schedules: [] }, { schedules: week }, 'Admin', c.admin.id],
      ['setting', 'timezone', 'update', { timezone: 'America/Sao_Paulo' }, { timezone: 'America/Recife' }, 'Admin', c.admin.id],
      // Setting the same value twice is one change.
      ['setting', 'sendGreetingAccepted', 'update', { sendGreetingAccepted: 'disabled' }, { sendGreetingAccepted: 'enabled' }, 'Admin', c.admin.id],
    ]);
  });
});
