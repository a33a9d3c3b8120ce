/**
 * Quick messages (administration.md §3, §5, §6, §7; attendance.md §7): CRUD with the spec's
 * permissions, the composer's list, the attached file, and `company<id>-quickemessage` events.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wireEvent, type ListQuickMessagesResponse, type QuickMessageDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { multipart } from '../../../test/helpers/form-parts';
import { api, connectSocket, createCompany, type TestCompany } from '../../../test/helpers/world';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let ana: { id: number; token: string };
let bia: { id: number; token: string };
let sup: { id: number; token: string };

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
  const u1 = await a.addUser({});
  const u2 = await a.addUser({});
  const s = await a.addUser({ profile: 'supervisor' });
  ana = { id: u1.user.id, token: u1.token };
  bia = { id: u2.user.id, token: u2.token };
  sup = { id: s.user.id, token: s.token };
});
afterAll(() => app.close());

let seq = 0;
const code = (p = 'qm') => `${p}${++seq}`;
const create = async (token: string, body: Record<string, unknown>) => api(app, token).post<QuickMessageDto>('/quick-messages', body);
const made = async (token: string, body: Record<string, unknown>) => {
  const r = await create(token, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** A real 2×1 PNG: the store types files by their bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64');
const upload = (id: number, token: string, file: { bytes: Buffer; name: string; type: string }) => {
  const form = multipart([
    { name: 'typeArch', value: 'quickMessage' },
    { name: 'file', value: file.bytes, filename: file.name, contentType: file.type },
  ]);
  return app.app.inject({ method: 'POST', url: `/quick-messages/${id}/media-upload`, headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, payload: form.payload });
};
const fetchMedia = (id: number, token: string) => app.app.inject({ method: 'GET', url: `/quick-messages/${id}/media`, headers: { authorization: `Bearer ${token}` } });

describe('POST /quick-messages', () => {
  it('creates a personal reply owned by the caller, with the spec defaults (geral false, status true)', async () => {
    const q = await made(ana.token, { shortcode: code(), message: 'Olá {{name}}!' });
    expect(q).toMatchObject({ userId: ana.id, companyId: a.companyId, geral: false, status: true, isMedia: false, mediaPath: null, mediaName: null, message: 'Olá {{name}}!' });
  });

  it("ignores what the spec's client sends besides the fields: userId, companyId, isMedia, mediaPath", async () => {
    const q = await made(ana.token, { shortcode: code(), message: 'x', userId: bia.id, companyId: b.companyId, isMedia: true, mediaPath: 'foto.png', geral: false });
    expect(q).toMatchObject({ userId: ana.id, companyId: a.companyId, isMedia: false, mediaPath: null });
  });

  it("requires the shortcode with the spec's 'Obrigatório', and drops the '/' a user may type", async () => {
    for (const shortcode of [undefined, '', '   ', '/']) {
      const r = await create(ana.token, { shortcode, message: 'x' });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'ERR_VALIDATION', issues: [{ path: 'shortcode', message: 'Obrigatório' }] });
    }
    const c = code('barra');
    expect((await made(ana.token, { shortcode: ` /${c} ` })).shortcode).toBe(c);
  });

  it('refuses a shortcode the company already has, in any case; another company may use it', async () => {
    const c = code('Oi');
    await made(a.adminToken, { shortcode: c, geral: true });
    const again = await create(bia.token, { shortcode: c.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_DUPLICATED_RECORD' });
    expect((await create(b.adminToken, { shortcode: c })).status).toBe(200);
  });

  it('lets only admins create a general one', async () => {
    expect((await create(ana.token, { shortcode: code(), geral: true })).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await create(sup.token, { shortcode: code(), geral: true })).status).toBe(403);
    expect((await made(a.adminToken, { shortcode: code(), geral: 'true' })).geral).toBe(true);
  });
});

describe('PUT and DELETE /quick-messages/:id (administration.md §6)', () => {
  it('lets a user change and delete their own non-general ones only', async () => {
    const own = await made(ana.token, { shortcode: code(), message: 'antes' });
    const r = await api(app, ana.token).put<QuickMessageDto>(`/quick-messages/${own.id}`, { message: 'depois', status: false });
    expect(r.body).toMatchObject({ id: own.id, message: 'depois', status: false, shortcode: own.shortcode });

    const general = await made(a.adminToken, { shortcode: code(), geral: true });
    const others = await made(bia.token, { shortcode: code() });
    for (const target of [general, others]) {
      expect((await api(app, ana.token).put(`/quick-messages/${target.id}`, { message: 'não' })).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
      expect((await api(app, ana.token).del(`/quick-messages/${target.id}`)).status).toBe(403);
    }
    const [kept] = await app.owner`select message from quick_messages where id = ${general.id}`;
    expect(kept!.message).toBe('');
    expect((await api(app, ana.token).del(`/quick-messages/${own.id}`)).body).toEqual({ ok: true });
    expect((await api(app, ana.token).get(`/quick-messages/${own.id}`)).status).toBe(404);
  });

  it('lets supervisors and admins change and delete every one; making one general stays admin only', async () => {
    const mine = await made(ana.token, { shortcode: code() });
    expect((await api(app, sup.token).put<QuickMessageDto>(`/quick-messages/${mine.id}`, { message: 'revisado' })).body.message).toBe('revisado');
    expect((await api(app, sup.token).put(`/quick-messages/${mine.id}`, { geral: true })).status).toBe(403);
    // The same value it already has is no change (the spec's client sends the whole record back).
    expect((await api(app, sup.token).put(`/quick-messages/${mine.id}`, { geral: false, shortcode: mine.shortcode })).status).toBe(200);
    expect((await api(app, ana.token).put(`/quick-messages/${mine.id}`, { geral: true })).status).toBe(403);
    expect((await api(app, a.adminToken).put<QuickMessageDto>(`/quick-messages/${mine.id}`, { geral: true })).body.geral).toBe(true);
    const general = await made(a.adminToken, { shortcode: code(), geral: true });
    expect((await api(app, sup.token).del(`/quick-messages/${general.id}`)).status).toBe(200);
    expect((await api(app, a.adminToken).del(`/quick-messages/${mine.id}`)).status).toBe(200);
  });

  it('refuses renaming to a shortcode in use, but keeping its own is fine', async () => {
    const one = await made(ana.token, { shortcode: code('um') });
    const two = await made(ana.token, { shortcode: code('dois') });
    expect((await api(app, ana.token).put(`/quick-messages/${two.id}`, { shortcode: one.shortcode.toUpperCase() })).status).toBe(409);
    expect((await api(app, ana.token).put(`/quick-messages/${two.id}`, { shortcode: two.shortcode.toUpperCase() })).status).toBe(200);
  });

  it('answers 404 for an id that does not exist', async () => {
    expect((await api(app, a.adminToken).put('/quick-messages/999999', { message: 'x' })).body).toMatchObject({ error: 'ERR_NOT_FOUND' });
    expect((await api(app, a.adminToken).del('/quick-messages/999999')).status).toBe(404);
  });
});

describe('GET /quick-messages/list and GET /quick-messages', () => {
  it("gives the composer the general ones and the caller's own, active only, by shortcode; companyId and userId are ignored", async () => {
    const c = await createCompany(app);
    const u = await c.addUser({});
    const other = await c.addUser({});
    const general = await made(c.adminToken, { shortcode: 'zeta', geral: true, message: 'geral' });
    const own = await made(u.token, { shortcode: 'alfa', message: 'minha' });
    await made(u.token, { shortcode: 'beta', status: false });
    await made(other.token, { shortcode: 'gama' });
    await made(b.adminToken, { shortcode: 'delta-b', geral: true });
    const r = await api(app, u.token).get<QuickMessageDto[]>(`/quick-messages/list?companyId=${b.companyId}&userId=${other.user.id}`);
    expect(r.status).toBe(200);
    expect(r.body.map((q) => q.id)).toEqual([own.id, general.id]);
    expect(r.body[0]).toMatchObject({ shortcode: 'alfa', message: 'minha', mediaPath: null });
  });

  it('pages the screen: admins and supervisors see all, a user the general ones and their own; search by shortcode or text', async () => {
    const c = await createCompany(app);
    const u = await c.addUser({});
    const s = await c.addUser({ profile: 'supervisor' });
    const other = await c.addUser({});
    for (let i = 0; i < 21; i++) await made(c.adminToken, { shortcode: `g${String(i).padStart(2, '0')}`, geral: true });
    await made(other.token, { shortcode: 'privada', message: 'segredo de outro' });
    const own = await made(u.token, { shortcode: 'minha', message: 'Bom DIA' });
    const page1 = (await api(app, c.adminToken).get<ListQuickMessagesResponse>('/quick-messages?pageNumber=1')).body;
    expect({ n: page1.records.length, count: page1.count, hasMore: page1.hasMore }).toEqual({ n: 20, count: 23, hasMore: true });
    const page2 = (await api(app, c.adminToken).get<ListQuickMessagesResponse>('/quick-messages?pageNumber=2')).body;
    expect({ n: page2.records.length, hasMore: page2.hasMore }).toEqual({ n: 3, hasMore: false });
    expect((await api(app, s.token).get<ListQuickMessagesResponse>('/quick-messages?searchParam=privada')).body.count).toBe(1);
    const asUser = (await api(app, u.token).get<ListQuickMessagesResponse>('/quick-messages?pageNumber=2')).body;
    expect(asUser.count).toBe(22);
    expect((await api(app, u.token).get<ListQuickMessagesResponse>('/quick-messages?searchParam=segredo')).body.records).toEqual([]);
    expect((await api(app, u.token).get<ListQuickMessagesResponse>('/quick-messages?searchParam=bom%20dia')).body.records.map((q) => q.id)).toEqual([own.id]);
    expect((await api(app, u.token).get(`/quick-messages/${own.id}`)).status).toBe(200);
    const privada = (await api(app, c.adminToken).get<ListQuickMessagesResponse>('/quick-messages?searchParam=privada')).body.records[0]!;
    expect((await api(app, u.token).get(`/quick-messages/${privada.id}`)).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
  });
});

describe('the attached file', () => {
  it('stores an upload typed by its bytes, serves it with the session, replaces and removes it', async () => {
    const q = await made(ana.token, { shortcode: code('foto') });
    const r = await upload(q.id, ana.token, { bytes: PNG, name: 'Promoção.png', type: 'image/png' });
    expect(r.statusCode, r.body).toBe(200);
    const dto = r.json<QuickMessageDto>();
    expect(dto).toMatchObject({ isMedia: true, mediaName: 'Promoção.png', mediaPath: expect.stringMatching(/^[0-9a-f]{24}-Promocao\.png$/) });
    const served = await fetchMedia(q.id, ana.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Everyone who may see it may fetch it (a general one: the whole company); others' personal ones: no.
    expect((await fetchMedia(q.id, bia.token)).statusCode).toBe(403);
    expect((await fetchMedia(q.id, a.adminToken)).statusCode).toBe(200);

    const first = dto.mediaPath!;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);
    const replaced = (await upload(q.id, ana.token, { bytes: pdf, name: 'tabela.pdf', type: 'application/pdf' })).json<QuickMessageDto>();
    expect(replaced.mediaName).toBe('tabela.pdf');
    expect(await app.media.exists(a.companyId, first)).toBe(false);
    const doc = await fetchMedia(q.id, ana.token);
    expect({ type: doc.headers['content-type'], disposition: doc.headers['content-disposition'] }).toEqual({ type: 'application/octet-stream', disposition: 'attachment; filename="tabela.pdf"' });

    const second = replaced.mediaPath!;
    expect(await app.media.exists(a.companyId, second)).toBe(true);
    const removed = await api(app, ana.token).del<QuickMessageDto>(`/quick-messages/${q.id}/media-upload`);
    expect(removed.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(await app.media.exists(a.companyId, second)).toBe(false);
    expect((await fetchMedia(q.id, ana.token)).json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
  });

  it('never serves bytes as what their name claims: a program named .png is a download', async () => {
    const q = await made(ana.token, { shortcode: code('falso') });
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const dto = (await upload(q.id, ana.token, { bytes: exe, name: 'foto.png', type: 'image/png' })).json<QuickMessageDto>();
    expect(dto.mediaPath).toMatch(/\.bin$/);
    const served = await fetchMedia(q.id, ana.token);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses uploads to a reply the caller may not change, empty files and bodies without a file', async () => {
    const general = await made(a.adminToken, { shortcode: code(), geral: true });
    expect((await upload(general.id, ana.token, { bytes: PNG, name: 'x.png', type: 'image/png' })).statusCode).toBe(403);
    expect((await api(app, ana.token).del(`/quick-messages/${general.id}/media-upload`)).status).toBe(403);
    const own = await made(ana.token, { shortcode: code() });
    expect((await upload(own.id, ana.token, { bytes: Buffer.alloc(0), name: 'vazio.png', type: 'image/png' })).statusCode).toBe(400);
    const noFile = multipart([{ name: 'typeArch', value: 'quickMessage' }]);
    const r = await app.app.inject({ method: 'POST', url: `/quick-messages/${own.id}/media-upload`, headers: { authorization: `Bearer ${ana.token}`, 'content-type': noFile.contentType }, payload: noFile.payload });
    expect(r.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await api(app, ana.token).post(`/quick-messages/${own.id}/media-upload`, { file: 'x' })).status).toBe(400);
    const [row] = await app.owner`select media_path from quick_messages where id = ${own.id}`;
    expect(row!.media_path).toBeNull();
  });
});

describe('company<id>-quickemessage', () => {
  let sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });
  const listen = async (token: string) => {
    const s = await connectSocket(app, token);
    sockets.push(s);
    const got: { action: string; record?: QuickMessageDto; id?: number }[] = [];
    s.on(wireEvent(a.companyId, 'quickemessage'), (p: (typeof got)[number]) => got.push(p));
    return { s, got };
  };

  it('is named as the spec client listens, and carries { action, record } or { action: delete, id }', () => {
    expect(wireEvent(7, 'quickemessage')).toBe('company7-quickemessage');
  });

  it("sends general ones to the company, personal ones to their owner and the admins only", async () => {
    sockets = [];
    const admin = await listen(a.adminToken);
    const owner = await listen(ana.token);
    const other = await listen(bia.token);
    const arrived = (l: { got: { action: string; record?: QuickMessageDto; id?: number }[] }, action: string, id: number) =>
      vi.waitFor(() => expect(l.got.find((p) => p.action === action && (p.record?.id ?? p.id) === id)).toBeDefined(), { timeout: 5_000, interval: 10 });

    const general = await made(a.adminToken, { shortcode: code('ev'), geral: true });
    await arrived(other, 'create', general.id);
    const personal = await made(ana.token, { shortcode: code('ev') });
    await arrived(owner, 'create', personal.id);
    await arrived(admin, 'create', personal.id);

    // The general one stops being general: everyone else drops it; its creator (the admin) gets the update.
    await api(app, a.adminToken).put(`/quick-messages/${general.id}`, { geral: false });
    await arrived(other, 'delete', general.id);
    await arrived(admin, 'update', general.id);
    expect(other.got.find((p) => p.action === 'delete' && p.id === general.id)).toEqual({ action: 'delete', id: general.id });
    await api(app, ana.token).del(`/quick-messages/${personal.id}`);
    await arrived(other, 'delete', personal.id);
    // Later events reached bia, so the personal one's would have too: it never did, nor the private update.
    expect(other.got.filter((p) => p.record?.id === personal.id)).toEqual([]);
    expect(other.got.filter((p) => p.action === 'update')).toEqual([]);
    expect(owner.got.filter((p) => p.record?.id === general.id && p.action === 'update')).toEqual([]);
  });
});
