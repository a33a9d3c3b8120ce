/**
 * Contact lists and file lists as the spec's client calls them (administration.md §7 "Contact
 * lists", "Files"; §3 the entities): GET /contact-lists/ (records, hasMore), /contact-lists/list,
 * the list modal's POST / PUT, DELETE, the import's POST /contact-lists/{id}/upload (a FormData
 * `file`), GET /contact-list-items (searchParam, pageNumber, contactListId) and the item modal;
 * GET /files/ (searchParam, pageNumber → files, hasMore), the file modal's POST /files {name,
 * message, options, userId} → id, options, then POST /files/uploadList/{id} with fileId, typeArch
 * and per file files, mediaType, name, id; PUT /files/{id} → options; DELETE /files/{id}.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient } from './client';
import { createStage, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
});
afterAll(async () => {
  await stage?.close();
});

type Rec = Record<string, unknown>;

describe('pages/ContactLists, ContactListItems and their modals', () => {
  it('creates a list, imports a sheet, pages its items, edits one and deletes the list', async () => {
    const made = await admin.http<Rec>('POST', '/contact-lists', { data: { name: 'Clientes' } });
    expect(made.status).toBe(200);
    const id = made.data.id as number;
    const page = await admin.http<{ records: Rec[]; hasMore: boolean }>('GET', '/contact-lists/', { params: { searchParam: '', pageNumber: 1 } });
    expect(page.data).toMatchObject({ records: [expect.objectContaining({ id, name: 'Clientes', contactsCount: 0 })], hasMore: false });
    expect((await admin.http<Rec[]>('GET', '/contact-lists/list', { params: { companyId: stage.c.companyId } })).data.map((l) => l.id)).toEqual([id]);

    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Contatos');
    sheet.addRows([
      ['name', 'number', 'email'],
      ['Ana Lima', '5511988887777', 'ana@exemplo.com'],
      ['X', '5511988886666', ''],
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'contatos.xlsx');
    const up = await admin.http<Rec>('POST', `/contact-lists/${id}/upload`, { form });
    expect(up.status).toBe(200);
    expect(up.data).toMatchObject({ created: 1, refused: [expect.objectContaining({ row: 3, reason: 'name' })] });

    const items = await admin.http<{ contacts: Rec[]; hasMore: boolean }>('GET', '/contact-list-items', { params: { searchParam: '', pageNumber: 1, contactListId: id } });
    expect(items.data).toMatchObject({ contacts: [expect.objectContaining({ name: 'Ana Lima', number: '5511988887777', contactListId: id })], hasMore: false });
    const itemId = items.data.contacts[0]!.id as number;
    // ContactListItemModal: GET on open, PUT of the form values (name, number, email) on save.
    const loaded = await admin.http<Rec>('GET', `/contact-list-items/${itemId}`);
    const saved = await admin.http<Rec>('PUT', `/contact-list-items/${itemId}`, { data: { ...loaded.data, name: 'Ana Souza' } });
    expect(saved.data).toMatchObject({ name: 'Ana Souza', number: '5511988887777' });
    const added = await admin.http<Rec>('POST', '/contact-list-items', { data: { name: 'Bruno', number: '5511977776666', email: '', contactListId: id } });
    expect(added.status).toBe(200);
    expect((await admin.http('DELETE', `/contact-list-items/${added.data.id as number}`)).status).toBe(200);

    expect((await admin.http<Rec>('PUT', `/contact-lists/${id}`, { data: { name: 'Clientes VIP' } })).data.name).toBe('Clientes VIP');
    expect((await admin.http('DELETE', `/contact-lists/${id}`)).status).toBe(200);
    expect((await admin.http<{ records: Rec[] }>('GET', '/contact-lists/', { params: { searchParam: '', pageNumber: 1 } })).data.records).toEqual([]);
  });
});

describe('pages/Files and FileModal', () => {
  it("saves the modal's values, uploads the options' files, edits and deletes", async () => {
    const values = { name: 'Catálogo', message: 'Confira', options: [{ name: 'Preços', path: '', mediaType: '' }, { name: 'Foto', path: '', mediaType: '' }], userId: admin.userId };
    const made = await admin.http<{ id: number; options: Rec[] }>('POST', '/files', { data: values });
    expect(made.status).toBe(200);
    const { id, options } = made.data;
    expect(options.map((o) => o.name)).toEqual(['Preços', 'Foto']);

    const form = new FormData();
    form.append('fileId', String(id));
    form.append('typeArch', 'fileList');
    const files = [new File(['%PDF-1.4\n%%EOF\n'], 'precos.pdf', { type: 'application/pdf' }), new File(['texto simples'], 'foto.txt', { type: 'text/plain' })];
    files.forEach((file, i) => {
      form.append('files', file);
      form.append('mediaType', file.type);
      form.append('name', String(options[i]!.name));
      form.append('id', String(options[i]!.id));
    });
    const up = await admin.http<{ options: Rec[] }>('POST', `/files/uploadList/${id}`, { form });
    expect(up.status).toBe(200);
    expect(up.data.options.map((o) => [o.name, o.mediaType, typeof o.path === 'string' && (o.path as string).length > 0])).toEqual([
      ['Preços', 'application/pdf', true],
      ['Foto', 'text/plain', true],
    ]);

    const page = await admin.http<{ files: Rec[]; hasMore: boolean }>('GET', '/files/', { params: { searchParam: 'catálogo', pageNumber: 1 } });
    expect(page.data).toMatchObject({ files: [expect.objectContaining({ id, name: 'Catálogo' })], hasMore: false });
    const loaded = await admin.http<Rec>('GET', `/files/${id}`);
    const edited = await admin.http<{ options: Rec[] }>('PUT', `/files/${id}`, { data: { ...loaded.data, name: 'Catálogo novo', userId: admin.userId } });
    expect(edited.status).toBe(200);
    expect(edited.data.options).toEqual(up.data.options);
    expect((await admin.http('DELETE', `/files/${id}`)).status).toBe(200);
    expect((await admin.http('GET', `/files/${id}`)).status).toBe(404);
  });
});
