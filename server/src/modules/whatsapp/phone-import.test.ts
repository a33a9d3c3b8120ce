/**
 * `POST /contacts/import` (decision 0151): the sandbox phone's seeded address book becomes
 * contacts in a job with progress on `company-<id>-contactImport`; numbers normalised, nothing
 * duplicated, a person's name kept, groups/broadcast/hidden entries skipped; a second call while
 * one runs answers that job; another company's connection is not found.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireEvent, type ContactDto, type ListContactsResponse, type PhoneImportProgress, type WireChannels } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../test/helpers/world';
import { personNumber } from './phone-import.service';
import { SANDBOX_PHONE_BOOK } from './sandbox/sandbox.store';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let socket: Socket;
beforeAll(async () => {
  app = await createTestApp();
  [a, b] = [await createCompany(app), await createCompany(app)];
  socket = await connectSocket(app, a.adminToken);
});
afterAll(async () => {
  socket.close();
  await app.close();
});

type Frame = WireChannels['contactImport'];
const finished = (jobId: string) => nextEvent<Frame>(socket, wireEvent(a.companyId, 'contactImport'), (f) => f.progress.jobId === jobId && f.progress.state !== 'running' && f.progress.state !== 'queued');
const contactsOf = async (token: string) => (await api(app, token).get<ContactDto[]>('/contacts/list')).body;

describe('personNumber', () => {
  it('keeps phones (normalised, 9th digit added), refuses groups, broadcasts, LIDs and garbage', () => {
    expect(personNumber('5521970000101@s.whatsapp.net')).toBe('5521970000101');
    expect(personNumber('556170000105@s.whatsapp.net')).toBe('5561970000105');
    expect(personNumber('5511987650001:12@s.whatsapp.net')).toBe('5511987650001');
    for (const jid of ['120363000000000101@g.us', '1700000000101@broadcast', 'status@broadcast', '190000000000101@lid', '123@s.whatsapp.net', 'abc@s.whatsapp.net', '1203@newsletter', ''])
      expect(personNumber(jid), jid).toBeNull();
  });
});

describe('POST /contacts/import', () => {
  it("imports the sandbox phone's book with progress, keeps an edited name, and is idempotent", async () => {
    const stored = await app.owner`select count(*)::int as n from whatsapp_phone_contacts where whatsapp_id = ${a.whatsapp.id}`;
    expect(stored[0]!.n).toBe(SANDBOX_PHONE_BOOK.length);
    // A person already has Beatriz, under another name they typed.
    const bia = await api(app, a.adminToken).post<ContactDto>('/contacts', { name: 'Bia da Loja', number: '21970000101' });
    expect(bia.status).toBe(200);

    const frames: PhoneImportProgress[] = [];
    const record = (f: Frame) => frames.push(f.progress);
    socket.on(wireEvent(a.companyId, 'contactImport'), record);
    const started = await api(app, a.adminToken).post<PhoneImportProgress>('/contacts/import', {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ whatsappId: a.whatsapp.id, state: 'queued', done: 0, total: SANDBOX_PHONE_BOOK.length, created: 0, skipped: 0 });
    const done = (await finished(started.body.jobId)).progress;
    socket.off(wireEvent(a.companyId, 'contactImport'), record);
    expect(done).toMatchObject({ state: 'done', done: 9, total: 9, created: 5, skipped: 4 });
    expect(frames.map((f) => f.state)).toEqual(['queued', 'running', 'done']);

    const byNumber = new Map((await contactsOf(a.adminToken)).map((c) => [c.number, c.name]));
    expect(Object.fromEntries(byNumber)).toEqual({
      '5521970000101': 'Bia da Loja',
      '5531970000102': 'Rafael Nogueira',
      '5541970000103': 'Juliana Pereira',
      '5571970000104': 'Thiago Albuquerque',
      '5561970000105': 'Camila Rocha',
      '5585970000106': 'Padaria Pão Dourado',
    });

    // Again (as a redelivered job would): nothing new, nothing renamed.
    const again = await api(app, a.adminToken).post<PhoneImportProgress>('/contacts/import');
    expect(again.status).toBe(200);
    expect((await finished(again.body.jobId)).progress).toMatchObject({ state: 'done', created: 0, skipped: 9 });
    expect((await contactsOf(a.adminToken)).length).toBe(6);
    // Imported names came from the book: a push name no longer replaces them.
    const rafael = await app.owner`select name_edited from contacts where company_id = ${a.companyId} and number = '5531970000102'`;
    expect(rafael[0]!.name_edited).toBe(true);
  });

  it('answers the running import to a second call (one per company at a time), for any agent', async () => {
    // A book big enough to take several batches.
    const [w] = await app.owner`insert into whatsapps (company_id, name, provider, status) values (${a.companyId}, 'Agenda grande', 'baileys', 'CONNECTED') returning id`;
    const id = w!.id as number;
    await app.owner`insert into whatsapp_phone_contacts (company_id, whatsapp_id, jid, name)
      select ${a.companyId}, ${id}, '55119' || lpad(g::text, 8, '0') || '@s.whatsapp.net', 'Pessoa ' || g from generate_series(1, 3000) g`;
    const user = await a.addUser({});
    const calls = await Promise.all([
      api(app, a.adminToken).post<PhoneImportProgress>('/contacts/import', { whatsappId: id }),
      api(app, user.token).post<PhoneImportProgress>('/contacts/import', { whatsappId: id }),
      api(app, a.adminToken).post<PhoneImportProgress>('/contacts/import', { whatsappId: a.whatsapp.id }),
    ]);
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(new Set(calls.map((c) => c.body.jobId)).size).toBe(1);
    expect(calls.map((c) => c.body.whatsappId)).toEqual([id, id, id]);
    const done = (await finished(calls[0].body.jobId)).progress;
    expect(done).toMatchObject({ state: 'done', done: 3000, total: 3000, created: 3000, skipped: 0 });
    const list = (await api(app, a.adminToken).get<ListContactsResponse>('/contacts?searchParam=Pessoa')).body;
    expect(list.count).toBe(3000);
  });

  it("refuses another company's connection, and a company with no connection on", async () => {
    const theirs = await api(app, b.adminToken).post<{ error: string }>('/contacts/import', { whatsappId: a.whatsapp.id });
    expect([theirs.status, theirs.body.error]).toEqual([404, 'ERR_NO_WAPP_FOUND']);
    await app.owner`update whatsapps set status = 'DISCONNECTED' where id = ${b.whatsapp.id}`;
    const off = await api(app, b.adminToken).post<{ error: string }>('/contacts/import', {});
    expect([off.status, off.body.error]).toEqual([409, 'ERR_WAPP_NOT_INITIALIZED']);
    expect(await contactsOf(b.adminToken)).toEqual([]);
  });
});
