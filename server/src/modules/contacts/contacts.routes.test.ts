/**
 * Contacts (attendance.md §5, §7; administration.md §7, §9): the page's list with search and
 * dates, `/contacts/list`, edit with extra info, admin-only delete, spreadsheet import with a
 * per-row report, the company's `contact` events, and one contact per number under concurrency.
 */
import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ContactDto, type ContactUploadResponse, type ListContactsResponse, type WireChannels } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { multipart } from '../../../test/helpers/form-parts';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { createContactMerge } from '../contact-merge';

let app: TestApp;
let a: TestCompany;
let user: { token: string };
let socket: Socket;
beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  user = await a.addUser({});
  socket = await connectSocket(app, user.token);
});
afterAll(async () => {
  socket.close();
  await app.close();
});

let n = 0;
/** A São Paulo mobile (13 digits) unique in this process. */
const phone = () => `55119${8}${String(process.pid % 1000).padStart(3, '0')}${String(++n).padStart(4, '0')}`;
const admin = () => api(app, a.adminToken);
const made = async (body: Record<string, unknown>, token = a.adminToken) => {
  const r = await api(app, token).post<ContactDto>('/contacts', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const upload = (bytes: Buffer, filename: string, token = a.adminToken) => {
  const form = multipart([{ name: 'file', value: bytes, filename, contentType: 'application/octet-stream' }]);
  return app.app.inject({ method: 'POST', url: '/contacts/upload', headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, payload: form.payload });
};

describe('GET /contacts', () => {
  it('pages by name with count and hasMore, searches name and number', async () => {
    const tag = `Pg${process.pid}x`;
    for (let i = 0; i < 23; i++) await made({ name: `${tag} ${String(i).padStart(2, '0')}`, number: phone() });
    const p1 = (await admin().get<ListContactsResponse>(`/contacts?searchParam=${tag.toLowerCase()}`)).body;
    const p2 = (await admin().get<ListContactsResponse>(`/contacts?searchParam=${tag}&pageNumber=2`)).body;
    expect([p1.contacts.length, p1.count, p1.hasMore, p2.contacts.length, p2.hasMore]).toEqual([20, 23, true, 3, false]);
    expect([...p1.contacts, ...p2.contacts].map((c) => c.name)).toEqual(Array.from({ length: 23 }, (_, i) => `${tag} ${String(i).padStart(2, '0')}`));
    const one = p1.contacts[5]!;
    const byNumber = (await admin().get<ListContactsResponse>(`/contacts?searchParam=${one.number}`)).body;
    expect(byNumber.contacts.map((c) => c.id)).toEqual([one.id]);
  });

  it('filters by the day created (date, dateStart, dateEnd)', async () => {
    const c = await made({ name: 'Data Hoje', number: phone() });
    const today = c.createdAt.slice(0, 10);
    const q = (s: string) => admin().get<ListContactsResponse>(`/contacts?searchParam=${c.number}&${s}`);
    expect((await q(`date=${today}`)).body.count).toBe(1);
    expect((await q(`date=2001-01-01`)).body.count).toBe(0);
    expect((await q(`dateStart=${today}&dateEnd=${today}`)).body.count).toBe(1);
    expect((await q(`dateEnd=2001-01-01`)).body.count).toBe(0);
    expect((await q(`dateStart=2999-01-01`)).body.count).toBe(0);
    expect((await q('date=ontem')).status).toBe(400);
  });
});

describe('GET /contacts/list', () => {
  it("answers the caller's company with the spec's companyId parameter, whatever id is sent", async () => {
    const c = await made({ name: 'Na Lista', number: phone() });
    const other = await createCompany(app);
    for (const url of [`/contacts/list?companyId=${a.companyId}`, `/contacts/list?companyId=${other.companyId}`, '/contacts/list']) {
      const r = await api(app, user.token).get<ContactDto[]>(url);
      expect(r.status, url).toBe(200);
      expect(r.body.map((x) => x.id), url).toContain(c.id);
    }
    expect((await api(app, other.adminToken).get<ContactDto[]>(`/contacts/list?companyId=${a.companyId}`)).body.map((x) => x.id)).not.toContain(c.id);
  });
});

describe('POST /contacts and PUT /contacts/:id', () => {
  it('creates with extra info, edits (replacing extra info), and refuses a number another contact has', async () => {
    const created = nextEvent<WireChannels['contact']>(socket, wireEvent(a.companyId, 'contact'), (p) => p.action === 'create' && 'contact' in p && p.contact.name === 'Com Extra');
    const c = await made({ name: 'Com Extra', number: phone(), email: 'c@example.com', extraInfo: [{ name: 'CPF', value: '123' }, { name: 'Cidade', value: 'Recife' }] }, user.token);
    expect(c.extraInfo).toEqual([{ name: 'CPF', value: '123' }, { name: 'Cidade', value: 'Recife' }]);
    const createdEvent = await created;
    expect('contact' in createdEvent && createdEvent.contact.id).toBe(c.id);

    const updated = nextEvent<WireChannels['contact']>(socket, wireEvent(a.companyId, 'contact'), (p) => p.action === 'update' && 'contact' in p && p.contact.id === c.id);
    const r = await api(app, user.token).put<ContactDto>(`/contacts/${c.id}`, { name: 'Editado', number: `+${c.number}`, email: '', extraInfo: [{ name: 'Cidade', value: 'Olinda' }] });
    expect(r.status).toBe(200);
    expect([r.body.name, r.body.number, r.body.email, r.body.extraInfo]).toEqual(['Editado', c.number, '', [{ name: 'Cidade', value: 'Olinda' }]]);
    const updatedEvent = await updated;
    expect('contact' in updatedEvent && updatedEvent.contact.name).toBe('Editado');
    expect((await admin().get<ContactDto>(`/contacts/${c.id}`)).body.extraInfo).toEqual([{ name: 'Cidade', value: 'Olinda' }]);

    const other = await made({ name: 'Outro', number: phone() });
    const dup = await admin().put<{ error: string; details: { alreadyExists: boolean; existingContact: ContactDto } }>(`/contacts/${c.id}`, { number: other.number });
    expect([dup.status, dup.body.error, dup.body.details.alreadyExists, dup.body.details.existingContact.id]).toEqual([409, 'ERR_DUPLICATED_CONTACT', true, other.id]);
  });

  it("answers the spec's validation texts", async () => {
    const r = await admin().post<{ issues: { path: string; message: string }[] }>('/contacts', { name: 'A', number: '123', email: 'x' });
    expect(r.status).toBe(400);
    expect(Object.fromEntries(r.body.issues.map((i) => [i.path, i.message]))).toMatchObject({ name: 'Too Short!', number: 'Too Short!', email: 'Invalid email' });
    const long = await admin().post<{ issues: { path: string; message: string }[] }>('/contacts', { name: 'x'.repeat(51), number: '1'.repeat(51) });
    expect(Object.fromEntries(long.body.issues.map((i) => [i.path, i.message]))).toMatchObject({ name: 'Too Long!', number: 'Too Long!' });
    const missing = await admin().post<{ issues: { path: string; message: string }[] }>('/contacts', {});
    expect(Object.fromEntries(missing.body.issues.map((i) => [i.path, i.message]))).toMatchObject({ name: 'Required', number: 'Required' });
  });

  it("a person's name survives the customer's WhatsApp push name; an untouched name follows it", async () => {
    const edited = phone();
    await a.inbound(edited, 'Oi', { name: 'Nome do WhatsApp' });
    const c = (await admin().get<ListContactsResponse>(`/contacts?searchParam=${edited}`)).body.contacts[0]!;
    expect(c.name).toBe('Nome do WhatsApp');
    await admin().put(`/contacts/${c.id}`, { name: 'Nome da Pessoa' });
    await a.inbound(edited, 'De novo', { name: 'Outro Push' });
    expect((await admin().get<ContactDto>(`/contacts/${c.id}`)).body.name).toBe('Nome da Pessoa');

    // Saving the form without renaming is not a rename.
    const untouched = phone();
    await a.inbound(untouched, 'Oi', { name: 'Push Um' });
    const u = (await admin().get<ListContactsResponse>(`/contacts?searchParam=${untouched}`)).body.contacts[0]!;
    await admin().put(`/contacts/${u.id}`, { name: 'Push Um', email: 'u@example.com' });
    const [row] = await app.owner`select name_edited from contacts where id = ${u.id}`;
    expect(row!.name_edited).toBe(false);
  });
});

describe('DELETE /contacts/:id', () => {
  it('is for admins (contacts-page:deleteContact); the company hears it', async () => {
    const c = await made({ name: 'Apagar', number: phone() });
    const refused = await api(app, user.token).del<{ error: string }>(`/contacts/${c.id}`);
    expect([refused.status, refused.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    expect((await admin().get(`/contacts/${c.id}`)).status).toBe(200);
    const gone = nextEvent<WireChannels['contact']>(socket, wireEvent(a.companyId, 'contact'), (p) => p.action === 'delete' && p.contactId === c.id);
    expect((await admin().del(`/contacts/${c.id}`)).status).toBe(200);
    await gone;
    expect((await admin().get<{ error: string }>(`/contacts/${c.id}`)).body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await admin().del<{ error: string }>(`/contacts/${c.id}`)).status).toBe(404);
  });
});

describe('POST /contacts/upload', () => {
  it('imports a ;-separated CSV (our own export) and reports each refused row with why', async () => {
    const existing = await made({ name: 'Já Existe', number: phone() });
    const fresh = phone();
    const csv = [
      'name;number;email',
      `Nova Pessoa;+55 (11) ${fresh.slice(4, 9)}-${fresh.slice(9)};nova@example.com`,
      `Repetida;${fresh};`,
      `Antiga;${existing.number};`,
      `X;${phone()};`,
      `Sem Número;12;`,
      `Email Ruim;${phone()};isso-não`,
      '',
    ].join('\n');
    const r = await upload(Buffer.from(csv), 'contatos.csv');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<ContactUploadResponse>();
    expect({ total: body.total, created: body.created }).toEqual({ total: 6, created: 1 });
    expect(body.refused.map((x) => [x.row, x.reason])).toEqual([
      [3, 'duplicated'],
      [4, 'alreadyExists'],
      [5, 'name'],
      [6, 'number'],
      [7, 'email'],
    ]);
    const c = (await admin().get<ListContactsResponse>(`/contacts?searchParam=${fresh}`)).body.contacts;
    expect(c.map((x) => [x.name, x.number, x.email])).toEqual([['Nova Pessoa', fresh, 'nova@example.com']]);
  });

  it('keeps a CSV number as the text it is: two 17-digit numbers a float would merge stay two contacts', async () => {
    const base = `5511${Date.now()}${Math.floor(Math.random() * 10)}`.slice(0, 16);
    const csv = ['name;number', `Longo Um;${base}1`, `Longo Dois;${base}2`, ''].join('\n');
    const r = await upload(Buffer.from(csv), 'longos.csv');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<ContactUploadResponse>()).toMatchObject({ total: 2, created: 2, refused: [] });
  });

  it('reads .xlsx by its headers (any column order, numbers typed as numbers)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Contatos');
    const p1 = phone();
    ws.addRow(['E-mail', 'Telefone', 'Nome']);
    ws.addRow(['x@example.com', Number(p1), 'Planilha Um']);
    ws.addRow(['', '', 'Sem Telefone']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await upload(bytes, 'contatos.xlsx');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json<ContactUploadResponse>();
    expect([body.total, body.created, body.refused]).toEqual([2, 1, [{ row: 3, name: 'Sem Telefone', number: '', reason: 'number' }]]);
    expect((await admin().get<ListContactsResponse>(`/contacts?searchParam=${p1}`)).body.contacts[0]?.name).toBe('Planilha Um');
  });

  it('refuses what is not a readable sheet, and a request without a file', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const r = await upload(ole, 'antigo.xls');
    expect([r.statusCode, r.json<{ error: string }>().error]).toEqual([400, 'ERR_VALIDATION']);
    const badZip = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]), 'quebrado.xlsx');
    expect(badZip.statusCode).toBe(400);
    const none = await app.app.inject({ method: 'POST', url: '/contacts/upload', headers: { authorization: `Bearer ${a.adminToken}` }, payload: {} });
    expect(none.statusCode).toBe(400);
  });
});

describe('one contact per number under concurrency', () => {
  it('50 concurrent creates, uploads and inbound messages of one number, written 4 ways, make one contact', async () => {
    const p = phone();
    const last8 = p.slice(5);
    const forms = [p, `+55 (11) 9${last8.slice(0, 4)}-${last8.slice(4)}`, `5511${last8}`, `011 9${last8}`];
    const csv = Buffer.from(`nome;numero\nImportado;${forms[1]}\n`);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        if (i % 5 === 3) return upload(csv, 'um.csv').then((r) => r.statusCode);
        if (i % 5 === 4) return a.inbound(forms[2]!, `oi ${i}`, { name: 'Cliente' }).then((r) => (r.status < 300 ? 200 : r.status));
        return admin().post('/contacts', { name: `Concorrente ${i}`, number: forms[i % 4] }).then((r) => r.status);
      }),
    );
    expect(results.every((s) => s === 200 || s === 409), JSON.stringify(results)).toBe(true);
    expect(results.filter((s) => s === 200).length).toBeGreaterThan(0);
    const rows = await app.owner`select number from contacts where company_id = ${a.companyId} and (number = ${p} or number = ${`5511${last8}`})`;
    expect(rows.map((r) => r.number)).toEqual([p]);
  });
});

describe('one contact per person: the merge and the one-form backfill (decisions 0360, 0361)', () => {
  const merger = () => createContactMerge(app.data);
  const actorOf = (c: TestCompany) => ({ companyId: c.companyId, userId: c.admin.id, profile: 'admin' as const, super: false });
  /** "+55 (11) 9xxxx-xxxx": how an agent typed the number before decision 0032. */
  const typed = (p: string) => `+55 (${p.slice(2, 4)}) ${p.slice(4, 9)}-${p.slice(9)}`;
  const contactOf = async (companyId: number, number: string) =>
    (await app.owner`select id from contacts where company_id = ${companyId} and number = ${number}`)[0]?.id as number | undefined;
  /** A contact WhatsApp made (a message on a live ticket), its id. */
  const writesIn = async (c: TestCompany, number: string, body: string) => {
    expect((await c.inbound(number, body, { name: `Push ${body}` })).status).toBeLessThan(300);
    return (await contactOf(c.companyId, number))!;
  };
  /** Rows of each owner pointing at a contact: the merge must leave none at the dropped one. */
  const pointing = async (id: number) => {
    const [r] = await app.owner`select
      (select count(*)::int from tickets where contact_id = ${id}) as tickets,
      (select count(*)::int from messages where contact_id = ${id}) as messages,
      (select count(*)::int from ticket_notes where contact_id = ${id}) as notes,
      (select count(*)::int from schedules where contact_id = ${id}) as schedules,
      (select count(*)::int from contact_tags where contact_id = ${id}) as tags,
      (select count(*)::int from contact_custom_fields where contact_id = ${id}) as fields`;
    return r!;
  };
  /** A note, a schedule, a tag (shared by both sides) and an extra field on a contact, as the screens would leave them. */
  const decorate = async (companyId: number, contactId: number, tagId: number, field: string) => {
    const [t] = await app.owner`select id from tickets where contact_id = ${contactId} order by id limit 1`;
    await app.owner`insert into ticket_notes (company_id, ticket_id, contact_id, note) values (${companyId}, ${t!.id}, ${contactId}, ${`nota ${contactId}`})`;
    await app.owner`insert into schedules (company_id, body, contact_id, send_at) values (${companyId}, 'depois', ${contactId}, now() + interval '30 days')`;
    await app.owner`insert into contact_tags (company_id, contact_id, tag_id) values (${companyId}, ${contactId}, ${tagId})`;
    await app.owner`insert into contact_custom_fields (company_id, contact_id, name, value) values (${companyId}, ${contactId}, ${field}, ${String(contactId)})`;
  };
  const tagOf = async (companyId: number) => (await app.owner`insert into tags (company_id, name) values (${companyId}, ${`VIP ${++n}`}) returning id`)[0]!.id as number;

  it('a merge moves tickets, messages, notes, schedules, tags and fields to the kept contact, closes the second live ticket, audits and announces', async () => {
    const c = await createCompany(app);
    const [keepNo, dropNo] = [phone(), phone()];
    const keep = await writesIn(c, keepNo, 'mantido');
    const drop = await writesIn(c, dropNo, 'juntado');
    const tag = await tagOf(c.companyId);
    await decorate(c.companyId, keep, tag, 'CPF');
    await decorate(c.companyId, drop, tag, 'Cidade');
    const s = await connectSocket(app, c.adminToken);
    const deleted = nextEvent<WireChannels['contact']>(s, wireEvent(c.companyId, 'contact'), (p) => p.action === 'delete' && p.contactId === drop);
    const before = await pointing(drop);
    expect(before).toEqual({ tickets: 1, messages: 1, notes: 1, schedules: 1, tags: 1, fields: 1 });

    const r = await merger().merge(actorOf(c), { keep, drop });
    await deleted;
    s.close();
    expect([r.keep, r.drop, r.tickets.length, r.closedTickets.length, r.messages]).toEqual([keep, drop, 1, 1, 1]);
    expect(await contactOf(c.companyId, dropNo)).toBeUndefined();
    expect(await pointing(drop)).toEqual({ tickets: 0, messages: 0, notes: 0, schedules: 0, tags: 0, fields: 0 });
    // The tag both carried once; both fields; both tickets, one live per connection (the other closed, its timeline says why).
    expect(await pointing(keep)).toEqual({ tickets: 2, messages: 2, notes: 2, schedules: 2, tags: 1, fields: 2 });
    const tickets = await app.owner`select id, status from tickets where contact_id = ${keep} order by id`;
    expect(tickets.filter((t) => t.status !== 'closed').length).toBe(1);
    const [why] = await app.owner`select detail from ticket_events where ticket_id = ${r.closedTickets[0]!} and kind = 'merge'`;
    expect(why!.detail).toMatchObject({ closed: true, from: drop, to: keep });
    const [audit] = await app.owner`select user_id, before, after from audit_logs where company_id = ${c.companyId} and entity = 'contact' and entity_id = ${String(keep)}`;
    expect([audit!.user_id, audit!.before.merged, audit!.after.merged]).toEqual([c.admin.id, { id: drop, name: 'Push juntado', number: dropNo }, { id: drop, tickets: 1, closedTickets: r.closedTickets, messages: 1 }]);
    // The customer writes again: the live ticket takes it, no new contact or ticket.
    await c.inbound(keepNo, 'de novo');
    expect((await pointing(keep)).tickets).toBe(2);
  });

  it('never merges across companies, nor a contact with itself, and a second merge of the pair finds nothing', async () => {
    const [c, other] = [await createCompany(app), await createCompany(app)];
    const mine = await writesIn(c, phone(), 'meu');
    const theirs = await writesIn(other, phone(), 'deles');
    await expect(merger().merge(actorOf(c), { keep: mine, drop: theirs })).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND' });
    await expect(merger().merge(actorOf(c), { keep: theirs, drop: mine })).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND' });
    await expect(merger().merge(actorOf(c), { keep: mine, drop: mine })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    expect(await pointing(theirs)).toMatchObject({ tickets: 1, messages: 1 });
    expect(await pointing(mine)).toMatchObject({ tickets: 1, messages: 1 });
    const again = await writesIn(c, phone(), 'outro');
    await merger().merge(actorOf(c), { keep: mine, drop: again });
    await expect(merger().merge(actorOf(c), { keep: mine, drop: again })).rejects.toMatchObject({ code: 'ERR_NO_CONTACT_FOUND' });
  });

  it('the backfill makes "+55 (11) 98765-4321" and "5511987654321" one contact with both histories, rewrites a lone typed number, and does nothing the second time', async () => {
    const c = await createCompany(app);
    const other = await createCompany(app);
    const p = phone();
    const keep = await writesIn(c, p, 'canonico');
    const stale = await writesIn(c, phone(), 'antigo');
    await app.owner`update contacts set number = ${typed(p)} where id = ${stale}`;
    // Another company's same number, typed the old way: rewritten in its own company, never merged into c's.
    const theirs = (await app.owner`insert into contacts (company_id, name, number, name_edited) values (${other.companyId}, 'Deles', ${typed(p)}, true) returning id`)[0]!.id as number;
    // A typed national number nobody else holds (and its old 8-digit WhatsApp form, which a channel delivered).
    const lone = phone();
    const loneId = (await app.owner`insert into contacts (company_id, name, number, name_edited) values (${c.companyId}, 'Digitado', ${`(${lone.slice(2, 4)}) ${lone.slice(4, 9)}-${lone.slice(9)}`}, true) returning id`)[0]!.id as number;
    const old = phone();
    const oldId = await writesIn(c, phone(), 'oito');
    await app.owner`update contacts set number = ${`${old.slice(0, 4)}${old.slice(5)}`} where id = ${oldId}`;

    expect(await merger().backfillCompany(c.companyId)).toEqual({ rewritten: 2, merged: 1 });
    expect(await contactOf(c.companyId, p)).toBe(keep);
    expect((await app.owner`select count(*)::int as n from contacts where id = ${stale}`)[0]!.n).toBe(0);
    expect(await pointing(keep)).toMatchObject({ tickets: 2, messages: 2 });
    expect(await contactOf(c.companyId, lone)).toBe(loneId);
    expect(await contactOf(c.companyId, old)).toBe(oldId);
    const [audit] = await app.owner`select user_id, after from audit_logs where company_id = ${c.companyId} and entity = 'contact' and entity_id = ${String(keep)}`;
    expect([audit!.user_id, audit!.after.merged.id]).toEqual([null, stale]);

    await merger().backfillPhones();
    expect(await contactOf(other.companyId, p)).toBe(theirs);
    expect(await merger().backfillPhones()).toEqual({ rewritten: 0, merged: 0 });
    expect(await merger().backfillCompany(c.companyId)).toEqual({ rewritten: 0, merged: 0 });
  });

  it('50 concurrent merges (both ways), backfills and arrivals of one number end with one contact holding the number and every message kept (no deadlock, no duplicate)', async () => {
    const c = await createCompany(app);
    const p = phone();
    const keep = await writesIn(c, p, 'um');
    const drop = await writesIn(c, phone(), 'dois');
    const third = await writesIn(c, phone(), 'tres');
    await app.owner`update contacts set number = ${typed(p)} where id = ${third}`;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => {
        if (i % 5 === 0) return merger().merge(actorOf(c), { keep, drop });
        if (i % 5 === 1) return merger().merge(actorOf(c), { keep: drop, drop: keep });
        if (i % 5 === 2) return merger().backfillCompany(c.companyId);
        return c.inbound(p, `chegou ${i}`);
      }),
    );
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code ?? String(r.reason)] : []));
    expect(failed.every((code) => code === 'ERR_NO_CONTACT_FOUND'), failed.join()).toBe(true);
    // One of the pair is left, whichever direction won; one contact holds the number, every message is on a contact.
    const pair = await app.owner`select id from contacts where id in (${keep}, ${drop})`;
    expect(pair.length).toBe(1);
    const holders = await app.owner`select id from contacts where company_id = ${c.companyId} and number in (${p}, ${typed(p)})`;
    expect(holders.length).toBe(1);
    const [counts] = await app.owner`select count(*)::int as n, count(contact_id)::int as named,
      count(*) filter (where body like 'chegou %' and contact_id = ${holders[0]!.id as number})::int as arrived
      from messages where company_id = ${c.companyId}`;
    expect(counts).toEqual({ n: 23, named: 23, arrived: 20 });
    const live = await app.owner`select contact_id, whatsapp_id, count(*)::int as n from tickets where company_id = ${c.companyId} and status <> 'closed' group by 1, 2 having count(*) > 1`;
    expect(live).toEqual([]);
  });
});
