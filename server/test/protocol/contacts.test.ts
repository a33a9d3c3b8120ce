/**
 * Contacts as the spec's client uses them (attendance.md §7): the /contacts page's list, the
 * contact modal's GET, POST and PUT with extra info and its duplicate answer, `/contacts/list`
 * with `companyId`, the admin's delete, the spreadsheet and phone imports, and `company-<id>-contact`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecClient, SpecSocket } from './client';
import { createStage, uniquePhone, type Stage } from './stage';

let stage: Stage;
let admin: SpecClient;
let agent: SpecClient;
let socket: SpecSocket;
beforeAll(async () => {
  stage = await createStage();
  admin = await stage.adminTab();
  agent = await stage.userTab([]);
  socket = await agent.socket().open();
});
afterAll(async () => {
  socket?.close();
  await stage?.close();
});

const channel = (companyId: number) => `company-${companyId}-contact`;

describe('the /contacts page and the contact modal', () => {
  it('creates with extra info, the page lists it with count, the modal edits it, a duplicate answers alreadyExists and existingContact', async () => {
    const number = uniquePhone();
    const saved = await agent.saveContact({ name: 'Maria Protocolo', number, email: '', extraInfo: [{ name: 'Empresa', value: 'ACME' }] });
    expect(saved.status).toBe(200);
    const heard = await socket.next<{ action: string; contact: { id: number } }>(channel(agent.companyId), (p) => p.action === 'create' && p.contact?.id === saved.data.id);
    expect(heard.contact).toMatchObject({ name: 'Maria Protocolo', number });

    const page = await agent.contactsPage('maria protocolo');
    expect(page.status).toBe(200);
    expect([page.data.contacts.map((c) => c.id), page.data.hasMore, page.data.count]).toEqual([[saved.data.id], false, 1]);

    const loaded = await agent.contact(saved.data.id as number);
    const edited = await agent.saveContact({ ...loaded.data, name: 'Maria Editada', extraInfo: [...(loaded.data.extraInfo as object[]), { name: 'Cargo', value: 'Compras' }] }, saved.data.id as number);
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ name: 'Maria Editada', extraInfo: [{ name: 'Empresa', value: 'ACME' }, { name: 'Cargo', value: 'Compras' }] });

    const dup = await agent.saveContact({ name: 'Outra Maria', number, email: '' });
    expect(dup.status).toBe(409);
    expect(dup.data).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT', details: { alreadyExists: true, existingContact: { id: saved.data.id } } });
  });

  it("answers /contacts/list with the client's companyId", async () => {
    const res = await agent.contactsList();
    expect(res.status).toBe(200);
    expect(Array.isArray(res.data)).toBe(true);
    expect(agent.calls.at(-1)).toMatch(/^GET \/contacts\/list\?companyId=\d+ → 200$/);
  });

  it('lets the admin delete (the agent is refused after its one refresh), and the page hears it', async () => {
    const saved = await admin.saveContact({ name: 'Para Apagar', number: uniquePhone(), email: '' });
    expect((await agent.deleteContact(saved.data.id as number)).status).toBe(403);
    expect((await admin.deleteContact(saved.data.id as number)).status).toBe(200);
    const heard = await socket.next<{ action: string; contactId: number }>(channel(agent.companyId), (p) => p.action === 'delete' && p.contactId === saved.data.id);
    expect(heard.contactId).toBe(saved.data.id);
  });

  it("imports the phone's contacts: the call answers at once, the contacts arrive on the page's channel", async () => {
    const res = await agent.importContacts();
    expect(res.status).toBe(200);
    const heard = await socket.next<{ action: string; contact: { name: string; number: string } }>(channel(agent.companyId), (p) => p.action === 'create' && p.contact?.name === 'Beatriz Carvalho');
    expect(heard.contact.number).toBe('5521970000101');
    const page = await agent.contactsPage('juliana pereira');
    expect(page.data.contacts.map((c) => c.number)).toEqual(['5541970000103']);
  });

  it('imports a spreadsheet and reports the refused row', async () => {
    const csv = new Blob([`name;number;email\nDa Planilha;${uniquePhone()};\nRuim;12;\n`], { type: 'text/csv' });
    const res = await agent.uploadContacts({ blob: csv, name: 'contatos.csv' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ total: 2, created: 1, refused: [{ row: 3, reason: 'number' }] });
  });
});
