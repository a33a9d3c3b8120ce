/**
 * Contact lists (administration.md /contact-lists, §3 "Contact list", "Contact list item", §5, §7;
 * issue 13 §3; decisions 0220–0224): the lists and their items, the .xlsx import with its per-row
 * report and progress, the example sheet, and the WhatsApp check through the company's connection.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  wireEvent,
  type ContactListDto,
  type ContactListItemDto,
  type ContactListUploadResponse,
  type ListContactListItemsResponse,
  type ListContactListsResponse,
  type WireChannels,
} from '@balcao/shared';
import type { Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { multipart } from '../../../test/helpers/form-parts';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { CHECK_BATCH, contactListsQueries, createContactListCheck } from '.';

let app: TestApp;
let a: TestCompany;
let socket: Socket;
let user: string;
let sup: string;

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  user = (await a.addUser({})).token;
  sup = (await a.addUser({ profile: 'supervisor' })).token;
  socket = await connectSocket(app, a.adminToken);
});
afterAll(async () => {
  socket.close();
  await app.close();
});

const admin = () => api(app, a.adminToken);
const newList = async (name: string) => {
  const r = await admin().post<ContactListDto>('/contact-lists', { name });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const items = async (listId: number, query = '') => (await admin().get<ListContactListItemsResponse>(`/contact-list-items?contactListId=${listId}${query}`)).body;

/** An .xlsx as a spreadsheet program writes it: a header row, then the rows (numbers as numbers). */
const xlsx = async (rows: (string | number)[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Planilha1');
  sheet.addRow(['Nome', 'Número', 'Email']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};
const upload = async (listId: number, bytes: Buffer, filename = 'lista.xlsx') => {
  const form = multipart([{ name: 'file', value: bytes, filename, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]);
  const r = await app.app.inject({ method: 'POST', url: `/contact-lists/${listId}/upload`, payload: form.payload, headers: { 'content-type': form.contentType, authorization: `Bearer ${a.adminToken}` } });
  return { status: r.statusCode, body: JSON.parse(r.body) as ContactListUploadResponse };
};
type ItemEvent = WireChannels['contactListItem'];
/** Resolves once every number given has its verdict on the wire (the check job's updates). */
const verdicts = (numbers: string[]) => {
  const seen = new Map<string, boolean>();
  return new Promise<Map<string, boolean>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no verdict for ${numbers.filter((n) => !seen.has(n)).join(', ')}`)), 15_000);
    const on = (e: ItemEvent) => {
      if (e.action === 'delete' || e.item.isWhatsappValid === null || !numbers.includes(e.item.number)) return;
      seen.set(e.item.number, e.item.isWhatsappValid);
      if (numbers.every((n) => seen.has(n))) {
        clearTimeout(timer);
        socket.off(wireEvent(a.companyId, 'contactListItem'), on);
        resolve(seen);
      }
    };
    socket.on(wireEvent(a.companyId, 'contactListItem'), on);
  });
};

describe('contact lists', () => {
  it('creates, shows, pages (records, hasMore), renames and deletes, with their events', async () => {
    const created = nextEvent<WireChannels['contactList']>(socket, wireEvent(a.companyId, 'contactList'), (e) => e.action === 'create');
    const list = await newList('Clientes VIP');
    expect(list).toEqual({ id: expect.any(Number), name: 'Clientes VIP', companyId: a.companyId, contactsCount: 0 });
    expect(await created).toEqual({ action: 'create', contactList: list });
    expect((await admin().get<ContactListDto>(`/contact-lists/${list.id}`)).body).toEqual(list);

    const page = (await admin().get<ListContactListsResponse>('/contact-lists/?searchParam=vip&pageNumber=1')).body;
    expect(page).toEqual({ records: [list], count: 1, hasMore: false });
    expect((await admin().get<ContactListDto[]>(`/contact-lists/list?companyId=${a.companyId}`)).body.map((l) => l.id)).toContain(list.id);

    expect((await admin().put<ContactListDto>(`/contact-lists/${list.id}`, { name: 'Clientes Ouro' })).body.name).toBe('Clientes Ouro');
    const deleted = nextEvent<WireChannels['contactList']>(socket, wireEvent(a.companyId, 'contactList'), (e) => e.action === 'delete');
    expect((await admin().del(`/contact-lists/${list.id}`)).status).toBe(200);
    expect(await deleted).toEqual({ action: 'delete', contactListId: list.id });
    expect((await admin().get(`/contact-lists/${list.id}`)).status).toBe(404);
    const audit = await app.owner<{ action: string; before: unknown; after: unknown }[]>`select action, before, after from audit_logs where entity = 'contact-list' and entity_id = ${String(list.id)} order by id`;
    expect(audit.map((x) => [x.action, x.before, x.after])).toEqual([
      ['create', null, { name: 'Clientes VIP' }],
      ['update', { name: 'Clientes VIP' }, { name: 'Clientes Ouro' }],
      ['delete', { name: 'Clientes Ouro', contactsCount: 0 }, null],
    ]);
  });

  it('pages 20 at a time with hasMore', async () => {
    for (let i = 0; i < 21; i++) await newList(`Página ${String(i).padStart(2, '0')}`);
    const first = (await admin().get<ListContactListsResponse>('/contact-lists?searchParam=página')).body;
    expect({ n: first.records.length, hasMore: first.hasMore, count: first.count }).toEqual({ n: 20, hasMore: true, count: 21 });
    const second = (await admin().get<ListContactListsResponse>('/contact-lists?searchParam=pagina&pageNumber=2')).body;
    expect({ names: second.records.map((r) => r.name), hasMore: second.hasMore }).toEqual({ names: ['Página 20'], hasMore: false });
  });

  it("validates the name (administration.md §5: required, 2 to 50)", async () => {
    const short = await admin().post<{ error: string }>('/contact-lists', { name: 'A' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('Too Short!');
    expect((await admin().post('/contact-lists', { name: 'x'.repeat(51) })).status).toBe(400);
  });

  it('is for admins: users and supervisors get 403 on lists and items (decision 0220)', async () => {
    const list = await newList('Só admins');
    for (const token of [user, sup]) {
      expect((await api(app, token).get('/contact-lists')).body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
      expect((await api(app, token).post('/contact-lists', { name: 'Minha' })).status).toBe(403);
      expect((await api(app, token).get(`/contact-list-items?contactListId=${list.id}`)).status).toBe(403);
      expect((await api(app, token).post('/contact-list-items', { name: 'Ana', number: '5511988887777', contactListId: list.id })).status).toBe(403);
    }
  });
});

describe('POST /contact-lists/:id/upload', () => {
  it('imports an .xlsx: bad rows reported with their line and reason, a number the list has updates its row, progress on the socket', async () => {
    const list = await newList('Planilha');
    await admin().post('/contact-list-items', { name: 'Antigo Nome', number: '5511977776666', contactListId: list.id });
    const done = nextEvent<WireChannels['contactList']>(socket, wireEvent(a.companyId, 'contactList'), (e) => e.action === 'import' && e.progress.contactListId === list.id && e.progress.state === 'done');
    const checked = verdicts(['5511988887777', '5521900000000']);
    const r = await upload(
      list.id,
      await xlsx([
        ['Maria Silva', 5511988887777, 'maria@exemplo.com'],
        ['B', '5511966665555', ''], // name under 2
        ['Sem Email Bom', '5511955554444', 'maria@'], // invalid email
        ['Curto', '1234', ''], // number under 8
        ['Maria de Novo', '5511988887777', ''], // repeated in the file
        ['Novo Nome', '5511977776666', 'novo@exemplo.com'], // the list has it: updated
        ['Sem WhatsApp', '5521900000000', ''],
      ]),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      total: 7,
      created: 2,
      updated: 1,
      refused: [
        { row: 3, name: 'B', number: '5511966665555', reason: 'name' },
        { row: 4, name: 'Sem Email Bom', number: '5511955554444', reason: 'email' },
        { row: 5, name: 'Curto', number: '1234', reason: 'number' },
        { row: 6, name: 'Maria de Novo', number: '5511988887777', reason: 'duplicated' },
      ],
    });
    expect(await done).toEqual({ action: 'import', progress: { contactListId: list.id, done: 7, total: 7, state: 'done' } });
    const page = await items(list.id);
    expect(page.contacts.map((i) => [i.name, i.number, i.email])).toEqual([
      ['Maria Silva', '5511988887777', 'maria@exemplo.com'],
      ['Novo Nome', '5511977776666', 'novo@exemplo.com'],
      ['Sem WhatsApp', '5521900000000', ''],
    ]);
    expect((await admin().get<ContactListDto>(`/contact-lists/${list.id}`)).body.contactsCount).toBe(3);
    // The import is one row of the list's audit trail (issue 28 §5).
    const trail = await app.owner`select action, after from audit_logs where entity = 'contact-list' and entity_id = ${String(list.id)} and after ? 'import'`;
    expect(trail).toEqual([{ action: 'update', after: { import: { rows: 7, created: 2, updated: 1, refused: 4 } } }]);

    // The check job asked the company's sandbox connection: a number ending in 0000 has no WhatsApp (decision 0224).
    const seen = await checked;
    expect(Object.fromEntries(seen)).toEqual({ '5511988887777': true, '5521900000000': false });
    const after = await items(list.id);
    expect(after.contacts.find((i) => i.number === '5521900000000')!.isWhatsappValid).toBe(false);
    expect(after.contacts.find((i) => i.number === '5511988887777')!.isWhatsappValid).toBe(true);
  });

  it("round-trips the example sheet (GET /contact-lists/example.xlsx) in the asker's language", async () => {
    const res = await app.app.inject({ method: 'GET', url: '/contact-lists/example.xlsx?language=es', headers: { authorization: `Bearer ${a.adminToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Nombre', 'Número', 'Email']);
    const list = await newList('Exemplo');
    const r = await upload(list.id, res.rawPayload);
    expect(r.body).toMatchObject({ total: 2, created: 2, updated: 0, refused: [] });
    expect((await api(app, user).get('/contact-lists/example.xlsx')).status).toBe(403);
  });

  it("refuses a file that is no sheet, and another company's list", async () => {
    const list = await newList('Ruim');
    const bad = await upload(list.id, Buffer.from('PK\u0003\u0004 not a workbook'));
    expect({ status: bad.status, error: (bad.body as unknown as { error: string }).error }).toEqual({ status: 400, error: 'ERR_VALIDATION' });
    const other = await createCompany(app);
    const theirs = (await api(app, other.adminToken).post<ContactListDto>('/contact-lists', { name: 'Deles' })).body;
    expect((await upload(theirs.id, await xlsx([['Ana Lima', '5511988881111', '']]))).status).toBe(404);
    expect((await api(app, other.adminToken).get<ListContactListItemsResponse>(`/contact-list-items?contactListId=${theirs.id}`)).body.count).toBe(0);
  });
});

describe('contact list items', () => {
  it('adds, shows, edits (a new number is checked again) and deletes; a number the list has is 409', async () => {
    const list = await newList('Itens');
    const checked = verdicts(['5511944443333']);
    const r = await admin().post<ContactListItemDto>('/contact-list-items', { name: 'Ana Lima', number: '+55 (11) 94444-3333', email: 'ana@exemplo.com', contactListId: list.id });
    expect(r.body).toEqual({ id: expect.any(Number), name: 'Ana Lima', number: '5511944443333', email: 'ana@exemplo.com', isWhatsappValid: null, companyId: a.companyId, contactListId: list.id });
    expect((await checked).get('5511944443333')).toBe(true);
    expect((await admin().get<ContactListItemDto>(`/contact-list-items/${r.body.id}`)).body.isWhatsappValid).toBe(true);

    const dup = await admin().post<{ error: string }>('/contact-list-items', { name: 'Outra', number: '5511944443333', contactListId: list.id });
    expect({ status: dup.status, error: dup.body.error }).toEqual({ status: 409, error: 'ERR_DUPLICATED_RECORD' });

    const rechecked = verdicts(['5511933330000']);
    const edited = await admin().put<ContactListItemDto>(`/contact-list-items/${r.body.id}`, { name: 'Ana Souza', number: '5511933330000', email: '' });
    expect(edited.body).toMatchObject({ name: 'Ana Souza', number: '5511933330000', isWhatsappValid: null });
    expect((await rechecked).get('5511933330000')).toBe(false);

    const bad = await admin().put<{ error: string }>(`/contact-list-items/${r.body.id}`, { name: 'Ana', number: '5511933330000', email: 'ana@' });
    expect(JSON.stringify(bad.body)).toContain('Invalid email');

    expect((await items(list.id, '&searchParam=souza')).contacts.map((i) => i.id)).toEqual([r.body.id]);
    expect((await items(list.id, '&searchParam=ninguem')).contacts).toEqual([]);
    const gone = nextEvent<WireChannels['contactListItem']>(socket, wireEvent(a.companyId, 'contactListItem'), (e) => e.action === 'delete');
    expect((await admin().del(`/contact-list-items/${r.body.id}`)).status).toBe(200);
    expect(await gone).toEqual({ action: 'delete', contactListId: list.id, itemId: r.body.id });
    expect((await admin().get(`/contact-list-items/${r.body.id}`)).status).toBe(404);
    // Each change is in the list's audit trail, with who it was (issue 28 §5).
    const trail = await app.owner<{ before: unknown; after: unknown }[]>`select before, after from audit_logs where entity = 'contact-list' and entity_id = ${String(list.id)} and action = 'update' order by id`;
    expect(trail).toEqual([
      { before: null, after: { itemAdded: { id: r.body.id, name: 'Ana Lima', number: '5511944443333', email: 'ana@exemplo.com' } } },
      { before: { item: { id: r.body.id, name: 'Ana Lima', number: '5511944443333', email: 'ana@exemplo.com' } }, after: { item: { id: r.body.id, name: 'Ana Souza', number: '5511933330000', email: '' } } },
      { before: { itemRemoved: { id: r.body.id, name: 'Ana Souza', number: '5511933330000', email: '' } }, after: null },
    ]);
  });
});

describe('the contact-list.check job (decision 0223)', () => {
  const seed = async (n: number) => {
    const list = await newList(`Checagem ${n}`);
    await app.owner`insert into contact_list_items (company_id, contact_list_id, name, number)
      select ${a.companyId}, ${list.id}, 'Pessoa ' || g, (5511900000000 + g)::text from generate_series(1, ${n}) g`;
    return list.id;
  };

  it('hands the job to the process holding the socket when the channel is not here', async () => {
    const listId = await seed(2);
    const forward = vi.fn(async () => true);
    const check = createContactListCheck({ data: app.data, jobs: { enqueueNow: vi.fn() }, channelOf: () => undefined });
    await check.run({ companyId: a.companyId, contactListId: listId }, forward);
    expect(forward).toHaveBeenCalledWith({ companyId: a.companyId, contactListId: listId }, a.whatsapp.id);
    const stored = await app.owner`select count(*)::int as n from contact_list_items where contact_list_id = ${listId} and is_whatsapp_valid is null`;
    expect(stored[0]!.n).toBe(2);
  });

  it('fails for a retry when no connection is live anywhere', async () => {
    const listId = await seed(1);
    const check = createContactListCheck({ data: app.data, jobs: { enqueueNow: vi.fn() }, channelOf: () => undefined });
    await expect(check.run({ companyId: a.companyId, contactListId: listId }, async () => false)).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED', temporary: true });
  });

  it('checks a batch per run and queues the next run while numbers are left', async () => {
    const listId = await seed(CHECK_BATCH + 3);
    const enqueueNow = vi.fn(async () => undefined);
    const asked: string[] = [];
    const channel = { checkNumber: async (n: string) => (asked.push(n), { exists: n.endsWith('2'), number: n }) };
    const check = createContactListCheck({ data: app.data, jobs: { enqueueNow }, channelOf: (id) => (id === a.whatsapp.id ? channel : undefined) });
    const job = { companyId: a.companyId, contactListId: listId };
    await check.run(job);
    expect(asked).toHaveLength(CHECK_BATCH);
    expect(enqueueNow).toHaveBeenCalledWith('contact-list.check', job);
    await check.run(job);
    expect(asked).toHaveLength(CHECK_BATCH + 3);
    expect(enqueueNow).toHaveBeenCalledTimes(1);
    const rows = await app.data.withTenant({ companyId: a.companyId }, ({ tx }) => contactListsQueries.itemsForCampaign(tx, a.companyId, listId));
    expect(rows).toHaveLength(CHECK_BATCH + 3);
    expect(rows.filter((r) => r.isWhatsappValid === true).map((r) => r.number)).toEqual(rows.filter((r) => r.number.endsWith('2')).map((r) => r.number));
    expect(rows.every((r) => r.isWhatsappValid !== null)).toBe(true);
  });
});
