/**
 * Announcements (issue 14 §6; administration.md §3, §5, §7; attendance.md §7): platform-wide
 * notices the super user writes and every company's users read (active ones only), with the
 * picture sniffed, the audit trail, and `company-<id>-announcement` reaching other companies live.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wireEvent, type AnnouncementDto, type ListAnnouncementsResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/helpers/constants';
import { multipart } from '../../../test/helpers/form-parts';
import { api, connectSocket, createCompany, login, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let su: string;
let agent: string;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
  su = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
  agent = (await b.addUser({})).token;
});
afterAll(() => app.close());

let seq = 0;
const title = (p = 'Aviso') => `${p} ${++seq}`;
const made = async (body: Record<string, unknown>) => {
  const r = await api(app, su).post<AnnouncementDto>('/announcements', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const list = async (token: string, query = '') => (await api(app, token).get<ListAnnouncementsResponse>(`/announcements/${query}`)).body;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64');
const upload = (id: number, token: string, file: { bytes: Buffer; name: string; type: string }) => {
  const form = multipart([{ name: 'file', value: file.bytes, filename: file.name, contentType: file.type }]);
  return app.app.inject({ method: 'POST', url: `/announcements/${id}/media-upload`, headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, payload: form.payload });
};

describe('writes', () => {
  it('the super user creates with the spec defaults (priority 3, status true), stored under the platform company', async () => {
    const n = await made({ title: title(), text: 'Manutenção às 22h' });
    expect(n).toMatchObject({ priority: 3, status: true, mediaPath: '', mediaName: '', text: 'Manutenção às 22h' });
    const [row] = await app.owner`select a.company_id, c.is_platform from announcements a join companies c on c.id = a.company_id where a.id = ${n.id}`;
    expect(row).toEqual({ company_id: expect.any(Number), is_platform: true });
  });

  it("requires title and text ('Obrigatório') and a priority of 1, 2 or 3", async () => {
    for (const body of [{ text: 'x' }, { title: '  ', text: 'x' }, { title: 'x' }, { title: 'x', text: '' }]) {
      const r = await api(app, su).post('/announcements', body);
      expect(r.status).toBe(400);
      expect((r.body as { issues: { message: string }[] }).issues[0]!.message).toBe('Obrigatório');
    }
    for (const priority of [0, 4, 'alta', 1.5]) expect((await api(app, su).post('/announcements', { title: 'x', text: 'y', priority })).status).toBe(400);
    expect((await made({ title: title(), text: 'y', priority: '1' })).priority).toBe(1);
  });

  it('a company admin and a user may not write (403, nothing changes)', async () => {
    const n = await made({ title: title('Intocado'), text: 'x' });
    for (const token of [a.adminToken, agent]) {
      expect((await api(app, token).post('/announcements', { title: 'Pirata', text: 'x' })).status).toBe(403);
      expect((await api(app, token).put(`/announcements/${n.id}`, { title: 'Pirata' })).status).toBe(403);
      expect((await api(app, token).del(`/announcements/${n.id}`)).status).toBe(403);
      expect((await upload(n.id, token, { bytes: PNG, name: 'a.png', type: 'image/png' })).statusCode).toBe(403);
      expect((await api(app, token).del(`/announcements/${n.id}/media-upload`)).status).toBe(403);
    }
    expect(await app.owner`select title, media_path from announcements where id = ${n.id}`).toEqual([{ title: n.title, media_path: '' }]);
    expect(await app.owner`select id from announcements where title = 'Pirata'`).toEqual([]);
  });

  it('edits and deletes, each recorded in the audit trail', async () => {
    const n = await made({ title: title(), text: 'x' });
    const r = await api(app, su).put<AnnouncementDto>(`/announcements/${n.id}`, { priority: 2, status: false });
    expect(r.body).toMatchObject({ priority: 2, status: false, title: n.title });
    expect((await api(app, su).del(`/announcements/${n.id}`)).status).toBe(200);
    expect((await api(app, su).get(`/announcements/${n.id}`)).status).toBe(404);
    const audit = await app.owner<{ action: string; after: unknown }[]>`select action, after from audit_logs where entity = 'announcement' and entity_id = ${String(n.id)} order by id`;
    expect(audit.map((x) => x.action)).toEqual(['create', 'update', 'delete']);
    expect(audit[1]!.after).toEqual({ priority: 2, status: false });
  });
});

describe('reads', () => {
  it('every company sees the active ones; only the super user sees the inactive ones', async () => {
    const on = await made({ title: title('Ativo'), text: 'x', priority: 1 });
    const off = await made({ title: title('Inativo'), text: 'x', status: false });
    for (const token of [a.adminToken, agent]) {
      const ids = (await list(token)).records.map((x) => x.id);
      expect(ids).toContain(on.id);
      expect(ids).not.toContain(off.id);
      expect((await api(app, token).get(`/announcements/${on.id}`)).status).toBe(200);
      expect((await api(app, token).get(`/announcements/${off.id}`)).status).toBe(404);
    }
    expect((await list(su)).records.map((x) => x.id)).toEqual(expect.arrayContaining([on.id, off.id]));
    // The super user's own popover asks for the active ones only.
    const popover = (await list(su, '?active=true')).records.map((x) => x.id);
    expect(popover).toContain(on.id);
    expect(popover).not.toContain(off.id);
  });

  it('pages newest first and searches title or text (records, count, hasMore)', async () => {
    const marker = `busca${Date.now()}`;
    for (let i = 0; i < 21; i++) await made({ title: `${marker} ${i}`, text: 'x' });
    const first = await list(su, `?searchParam=${marker}`);
    expect(first.records).toHaveLength(20);
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.records[0]!.title).toBe(`${marker} 20`);
    const second = await list(su, `?searchParam=${marker.toUpperCase()}&pageNumber=2`);
    expect(second.records.map((x) => x.title)).toEqual([`${marker} 0`]);
    expect(second.hasMore).toBe(false);
  });
});

describe('picture', () => {
  it('takes a .png by its bytes, serves it to another company while active, and removes it', async () => {
    const n = await made({ title: title(), text: 'x' });
    const r = await upload(n.id, su, { bytes: PNG, name: 'banner.png', type: 'image/png' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ mediaName: 'banner.png', mediaPath: expect.stringMatching(/\.png$/) });
    const served = await app.app.inject({ method: 'GET', url: `/announcements/${n.id}/media`, headers: { authorization: `Bearer ${agent}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const gone = await api(app, su).del<AnnouncementDto>(`/announcements/${n.id}/media-upload`);
    expect(gone.body).toMatchObject({ mediaPath: '', mediaName: '' });
  });

  it('refuses what is not a picture, whatever its name says', async () => {
    const n = await made({ title: title(), text: 'x' });
    const r = await upload(n.id, su, { bytes: Buffer.from('<script>alert(1)</script>'), name: 'foto.png', type: 'image/png' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'ERR_FILE_TYPE_NOT_ALLOWED' });
    expect(await app.owner`select media_path from announcements where id = ${n.id}`).toEqual([{ media_path: '' }]);
  });
});

describe('company-<id>-announcement', () => {
  let sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  it('reaches every company under its own id: active ones as create/update with the record, inactive or deleted as delete', async () => {
    sockets = [];
    const got: { company: string; p: { action: string; record?: AnnouncementDto; id?: number } }[] = [];
    for (const [token, companyId, name] of [[agent, b.companyId, 'b'], [a.adminToken, a.companyId, 'a']] as const) {
      const s = await connectSocket(app, token);
      sockets.push(s);
      s.on(wireEvent(companyId, 'announcement'), (p: (typeof got)[number]['p']) => got.push({ company: name, p }));
    }
    const seen = (company: string, action: string, id: number) =>
      vi.waitFor(() => expect(got.find((g) => g.company === company && g.p.action === action && (g.p.record?.id ?? g.p.id) === id)).toBeDefined(), { timeout: 5_000, interval: 10 });

    const n = await made({ title: title('Ao vivo'), text: 'x', priority: 1 });
    await seen('b', 'create', n.id);
    await seen('a', 'create', n.id);
    expect(got.find((g) => g.company === 'b')!.p).toEqual({ action: 'create', record: n });
    await api(app, su).put(`/announcements/${n.id}`, { title: 'Mudou' });
    await seen('b', 'update', n.id);
    await api(app, su).put(`/announcements/${n.id}`, { status: false });
    await seen('b', 'delete', n.id);
    // An inactive one's content never went out.
    expect(got.filter((g) => g.p.record?.status === false)).toEqual([]);
    const m = await made({ title: title(), text: 'x' });
    await api(app, su).del(`/announcements/${m.id}`);
    await seen('a', 'delete', m.id);
    expect(got.find((g) => g.company === 'a' && g.p.id === m.id)!.p).toEqual({ action: 'delete', id: m.id });
  });
});
