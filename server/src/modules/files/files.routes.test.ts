/**
 * File lists (administration.md /files, §3 "File list", §5, §7 "Files"; issue 13 §4; decisions
 * 0220, 0225): a message and named options, their files uploaded as the spec's client sends them,
 * stored files removed with their option or list, and what campaigns read of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type FileListDto, type ListFilesResponse, type WireChannels } from '@balcao/shared';
import type { Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { multipart, type FormPart } from '../../../test/helpers/form-parts';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { filesQueries } from '.';

let app: TestApp;
let a: TestCompany;
let socket: Socket;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  socket = await connectSocket(app, a.adminToken);
});
afterAll(async () => {
  socket.close();
  await app.close();
});

const admin = () => api(app, a.adminToken);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** `POST /files/uploadList/:id` as the spec's client builds it: fileId, typeArch, then per file files, mediaType, name, id. */
const uploadList = async (list: FileListDto, files: { option: number; name: string; filename: string; type: string; bytes: Buffer }[]) => {
  const parts: FormPart[] = [
    { name: 'fileId', value: String(list.id) },
    { name: 'typeArch', value: 'fileList' },
  ];
  for (const f of files) {
    parts.push({ name: 'files', value: f.bytes, filename: f.filename, contentType: f.type }, { name: 'mediaType', value: f.type }, { name: 'name', value: f.name }, { name: 'id', value: String(f.option) });
  }
  const form = multipart(parts);
  const r = await app.app.inject({ method: 'POST', url: `/files/uploadList/${list.id}`, payload: form.payload, headers: { 'content-type': form.contentType, authorization: `Bearer ${a.adminToken}` } });
  return { status: r.statusCode, body: JSON.parse(r.body) as FileListDto };
};
const stored = (path: string) => app.media.exists(a.companyId, path);

describe('file lists', () => {
  it('creates a list with two options, uploads their files, edits and deletes it (files removed from the disk)', async () => {
    const created = nextEvent<WireChannels['file']>(socket, wireEvent(a.companyId, 'file'), (e) => e.action === 'create');
    const r = await admin().post<FileListDto>('/files', { name: 'Catálogo', message: 'Veja nossos produtos', options: [{ name: 'Tabela de preços' }, { name: 'Foto da loja' }], userId: 999 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ name: 'Catálogo', message: 'Veja nossos produtos', userId: a.admin.id, companyId: a.companyId });
    expect(r.body.options.map((o) => [o.name, o.path])).toEqual([
      ['Tabela de preços', ''],
      ['Foto da loja', ''],
    ]);
    expect((await created).action).toBe('create');
    const [pdf, png] = r.body.options as [FileListDto['options'][0], FileListDto['options'][0]];

    const up = await uploadList(r.body, [
      { option: pdf.id, name: pdf.name, filename: 'precos.pdf', type: 'application/pdf', bytes: PDF },
      { option: png.id, name: png.name, filename: 'loja.png', type: 'image/png', bytes: PNG },
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.options.map((o) => ({ name: o.name, fileName: o.fileName, mediaType: o.mediaType }))).toEqual([
      { name: 'Tabela de preços', fileName: 'precos.pdf', mediaType: 'application/pdf' },
      { name: 'Foto da loja', fileName: 'loja.png', mediaType: 'image/png' },
    ]);
    const paths = up.body.options.map((o) => o.path);
    expect(await Promise.all(paths.map(stored))).toEqual([true, true]);

    // What a campaign sends: the message and the options that have a file.
    const sending = await app.data.withTenant({ companyId: a.companyId }, ({ tx }) => filesQueries.forSending(tx, a.companyId, r.body.id));
    expect(sending).toEqual({ id: r.body.id, name: 'Catálogo', message: 'Veja nossos produtos', options: up.body.options });

    // Replacing a file drops the old one; dropping an option drops its file; renaming keeps it.
    const replaced = await uploadList(r.body, [{ option: png.id, name: png.name, filename: 'loja2.png', type: 'image/png', bytes: PNG }]);
    expect(await stored(paths[1]!)).toBe(false);
    const newPng = replaced.body.options[1]!.path;
    const edited = await admin().put<FileListDto>(`/files/${r.body.id}`, { name: 'Catálogo 2026', message: 'Novidades', options: [{ id: png.id, name: 'Nossa loja', path: newPng }, { name: 'Vídeo' }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.options.map((o) => [o.id === png.id, o.name, o.path === newPng || o.path])).toEqual([
      [true, 'Nossa loja', true],
      [false, 'Vídeo', ''],
    ]);
    expect(await stored(paths[0]!)).toBe(false);
    expect(await stored(newPng)).toBe(true);
    expect((await admin().get<FileListDto>(`/files/${r.body.id}`)).body).toEqual(edited.body);

    const deleted = nextEvent<WireChannels['file']>(socket, wireEvent(a.companyId, 'file'), (e) => e.action === 'delete');
    expect((await admin().del(`/files/${r.body.id}`)).status).toBe(200);
    expect(await deleted).toEqual({ action: 'delete', fileId: r.body.id });
    expect(await stored(newPng)).toBe(false);
    expect((await admin().get(`/files/${r.body.id}`)).status).toBe(404);
    // Each change is in the audit trail, with what changed: the uploads too, option by option (issue 28 §5).
    const audit = await app.owner<{ action: string; before: unknown; after: unknown }[]>`select action, before, after from audit_logs where entity = 'file-list' and entity_id = ${String(r.body.id)} order by id`;
    expect(audit.map((x) => x.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
    expect(audit[1]!.after).toEqual({ uploaded: [{ option: 'Tabela de preços', file: 'precos.pdf' }, { option: 'Foto da loja', file: 'loja.png' }] });
    expect(audit[2]!.after).toEqual({ uploaded: [{ option: 'Foto da loja', file: 'loja2.png' }] });
    expect(audit[3]!.after).toEqual({ name: 'Catálogo 2026', message: 'Novidades', options: ['Nossa loja', 'Vídeo'] });
  });

  it('pages (files, hasMore) by name and searches', async () => {
    for (let i = 0; i < 21; i++) await admin().post('/files', { name: `Folheto ${String(i).padStart(2, '0')}`, message: 'Oi' });
    const first = (await admin().get<ListFilesResponse>('/files/?searchParam=folheto&pageNumber=1')).body;
    expect({ n: first.files.length, hasMore: first.hasMore, first: first.files[0]!.name }).toEqual({ n: 20, hasMore: true, first: 'Folheto 00' });
    const second = (await admin().get<ListFilesResponse>('/files?searchParam=folheto&pageNumber=2')).body;
    expect({ names: second.files.map((f) => f.name), hasMore: second.hasMore }).toEqual({ names: ['Folheto 20'], hasMore: false });
  });

  it("validates per administration.md §5 ('nome muito curto', message required)", async () => {
    const short = await admin().post('/files', { name: 'ab', message: 'Oi' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('nome muito curto');
    expect((await admin().post('/files', { name: 'Arquivos', message: '' })).status).toBe(400);
  });

  it('is for admins (decision 0220)', async () => {
    const u = await a.addUser({ profile: 'supervisor' });
    expect((await api(app, u.token).get('/files')).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await api(app, u.token).post('/files', { name: 'Arquivos', message: 'Oi' })).status).toBe(403);
  });

  it("keeps nothing when a file names an option of another list", async () => {
    const one = (await admin().post<FileListDto>('/files', { name: 'Lista um', message: 'Oi', options: [{ name: 'A' }] })).body;
    const two = (await admin().post<FileListDto>('/files', { name: 'Lista dois', message: 'Oi', options: [{ name: 'B' }] })).body;
    const r = await uploadList(one, [{ option: two.options[0]!.id, name: 'B', filename: 'x.pdf', type: 'application/pdf', bytes: PDF }]);
    expect(r.status).toBe(400);
    expect((await admin().get<FileListDto>(`/files/${two.id}`)).body.options[0]!.path).toBe('');
  });
});
