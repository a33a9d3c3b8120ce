import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { api, createCompany, login, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let superToken: string;
let platformId: number;
let co: TestCompany;

beforeAll(async () => {
  app = await createTestApp();
  const s = await login(app, SUPER_EMAIL, SUPER_PASSWORD);
  superToken = s.token;
  platformId = s.user.companyId;
  co = await createCompany(app);
});
afterAll(() => app.close());

describe('helps', () => {
  it('the super user creates, edits and deletes; every logged user reads them; each change audited', async () => {
    const su = api(app, superToken);
    const created = await su.post<HelpDto>('/helps', { title: 'Conectando o WhatsApp', description: 'Leia o QR code', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s' });
    expect(created.status).toBe(200);
    // An address is stored as its video id.
    expect(created.body).toMatchObject({ title: 'Conectando o WhatsApp', description: 'Leia o QR code', video: 'dQw4w9WgXcQ' });
    const id = created.body.id;
    expect(await app.owner`select company_id from helps where id = ${id}`).toEqual([{ company_id: platformId }]);

    const agent = await co.addUser({});
    for (const token of [co.adminToken, agent.token]) {
      for (const path of ['/helps', '/helps/list']) {
        const r = await api(app, token).get<HelpDto[]>(path);
        expect(r.status).toBe(200);
        expect(r.body.map((h) => h.id)).toContain(id);
      }
    }
    expect((await api(app, agent.token).get<HelpDto[]>('/helps/list?searchParam=whats')).body.map((h) => h.id)).toEqual([id]);
    expect((await api(app, agent.token).get<HelpDto[]>('/helps/list?searchParam=nada%25')).body).toEqual([]);

    const edited = await su.put<HelpDto>(`/helps/${id}`, { title: 'Conectar', description: '', video: 'youtu.be/aqz-KE-bpKQ' });
    expect(edited.body).toMatchObject({ id, title: 'Conectar', video: 'aqz-KE-bpKQ' });
    expect(await su.del(`/helps/${id}`)).toMatchObject({ status: 200 });
    expect((await su.get<HelpDto[]>('/helps')).body.map((h) => h.id)).not.toContain(id);
    expect(await su.del(`/helps/${id}`)).toMatchObject({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });

    const trail = await app.owner`select action, company_id, before, after from audit_logs where entity = 'help' and entity_id = ${String(id)} order by id`;
    expect(trail.map((t) => t.action)).toEqual(['create', 'update', 'delete']);
    expect(trail.every((t) => t.company_id === platformId)).toBe(true);
    expect(trail[1]!.after).toEqual({ title: 'Conectar', description: '', video: 'aqz-KE-bpKQ' });
  });

  it('refuses writes from anyone but the super user (403) and changes nothing', async () => {
    const su = api(app, superToken);
    const help = (await su.post<HelpDto>('/helps', { title: 'Fixo', video: 'dQw4w9WgXcQ' })).body;
    const admin = api(app, co.adminToken);
    expect(await admin.post('/helps', { title: 'Meu', video: 'dQw4w9WgXcQ' })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await admin.put(`/helps/${help.id}`, { title: 'Trocado', video: 'dQw4w9WgXcQ' })).toMatchObject({ status: 403 });
    expect(await admin.del(`/helps/${help.id}`)).toMatchObject({ status: 403 });
    expect(await app.owner`select title from helps where company_id = ${platformId} order by id`).toEqual([{ title: 'Fixo' }]);
  });

  it('takes only a YouTube id or address as the video', async () => {
    const su = api(app, superToken);
    for (const video of ['https://vimeo.com/12345', 'javascript:alert(1)', 'abc', 'https://www.youtube.com/watch?v=short']) {
      expect(await su.post('/helps', { title: 'Vídeo', video })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    expect((await su.post<HelpDto>('/helps', { title: 'Shorts', video: 'https://youtube.com/shorts/aqz-KE-bpKQ' })).body.video).toBe('aqz-KE-bpKQ');
  });
});
