import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
});
afterAll(() => app.close());

type Setting = { key: string; value: string };
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
