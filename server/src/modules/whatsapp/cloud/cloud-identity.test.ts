/**
 * One contact identity through Meta's signed webhook and the whole server (issue 29 §5; decision
 * 0420): a customer who withholds their phone (a username, 2026) writes by business-scoped user id
 * alone and gets a contact keyed by it; when a webhook names their phone beside the user id, the
 * two contacts are one — the phone's — and a later message by user id alone reaches it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WhatsappDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../../test/helpers/world';
import type { CloudContact, CloudMessage } from './map-inbound';
import { startFakeGraph, type FakeGraph } from './test/fake-graph';
import { newWamid } from './test/webhooks';

const TOKEN = 'EAAG-cloud-identity-token';
const PHONE_ID = '106540352247777';
const SECRET = 'app-secret-cloud-identity-0123';
const HOOK = '/channels/whatsapp-cloud/webhook';
let app: TestApp;
let graph: FakeGraph;
let a: TestCompany;

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_ID, displayNumber: '+55 61 3333-0077' });
  app = await createTestApp({ config: { allowPrivateHosts: true, whatsappCloud: { baseUrl: graph.base, apiVersion: 'v25.0' } } });
  a = await createCompany(app);
  const w = (await api(app, a.adminToken).post<WhatsappDto>('/whatsapp', {
    name: 'Oficial',
    provider: 'cloud',
    cloud: { phoneNumberId: PHONE_ID, wabaId: '102290129347777', accessToken: TOKEN, appSecret: SECRET, verifyToken: 'verify-token-cloud-identity' },
  })).body;
  expect((await api(app, a.adminToken).post<WhatsappDto>(`/whatsappsession/${w.id}`, {})).body.status).toBe('CONNECTED');
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
});

/** A `messages` webhook as Meta posts it in 2026: the sender block with `user_id` (and `wa_id` only when Meta shares the phone). */
const webhook = (contact: CloudContact, message: Partial<CloudMessage>, body: string) => {
  const id = newWamid();
  const payload = {
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129347777', changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '556133330077', phone_number_id: PHONE_ID },
      contacts: [contact],
      messages: [{ id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body }, ...message }],
    } }] }],
  };
  const signed = graph.signed(SECRET, payload);
  return { id, post: () => app.app.inject({ method: 'POST', url: HOOK, headers: { 'content-type': 'application/json', ...signed.headers }, payload: signed.body }) };
};
/** A system message as Meta posts it (no `contacts` array; "System messages" webhook reference, Aug 2026). */
const systemHook = (message: Partial<CloudMessage>) => {
  const id = newWamid();
  const payload = {
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129347777', changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '556133330077', phone_number_id: PHONE_ID },
      messages: [{ id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'system', ...message }],
    } }] }],
  };
  const signed = graph.signed(SECRET, payload);
  return { id, post: () => app.app.inject({ method: 'POST', url: HOOK, headers: { 'content-type': 'application/json', ...signed.headers }, payload: signed.body }) };
};
const randomPhone = () => `5561977${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
const randomUserId = (digit: string) => `BR.1502${randomBytes(6).toString('hex').replace(/[a-f]/g, digit)}`;
const stored = async (wamid: string) => {
  await vi.waitFor(async () => expect(await app.owner`select id from messages where company_id = ${a.companyId} and wa_message_id = ${wamid}`).toHaveLength(1), { timeout: 10_000, interval: 20 });
  return (await app.owner`select contact_id, ticket_id from messages where wa_message_id = ${wamid}`)[0]!;
};

describe("Meta's webhook and one contact identity", () => {
  it('a user id without phone keys a contact of its own; the phone beside it later makes both one contact (audited); the user id alone then reaches it', async () => {
    const phone = `5561988${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
    const userId = `BR.1502${randomBytes(6).toString('hex').replace(/[a-f]/g, '7')}`;
    const first = webhook({ profile: { name: 'Maria', username: 'maria.lopes' }, user_id: userId }, { from_user_id: userId }, 'sem telefone');
    expect((await first.post()).statusCode).toBe(200);
    const byUser = await stored(first.id);
    expect((await app.owner`select number, name from contacts where id = ${byUser.contact_id}`)[0]).toEqual({ number: userId, name: 'Maria' });

    const both = webhook({ profile: { name: 'Maria' }, wa_id: phone, user_id: userId }, { from: phone, from_user_id: userId }, 'com telefone');
    expect((await both.post()).statusCode).toBe(200);
    const byPhone = await stored(both.id);
    await vi.waitFor(async () => expect(await app.owner`select id from contacts where id = ${byUser.contact_id}`).toEqual([]), { timeout: 10_000, interval: 20 });
    const contacts = await app.owner`select c.id, c.number from contacts c where c.company_id = ${a.companyId} and (c.number in (${phone}, ${userId}, 'maria.lopes') or exists (select 1 from contact_identities i where i.contact_id = c.id))`;
    expect(contacts.map((c) => ({ ...c }))).toEqual([{ id: byPhone.contact_id, number: phone }]);
    expect((await app.owner`select kind, value from contact_identities where contact_id = ${byPhone.contact_id} order by kind`).map((r) => `${r.kind}:${r.value}`)).toEqual([`cloud_user_id:${userId}`, 'username:maria.lopes']);
    expect(await app.owner`select id from audit_logs where company_id = ${a.companyId} and entity = 'contact' and entity_id = ${String(byPhone.contact_id)}`).toHaveLength(1);

    const again = webhook({ profile: { name: 'Maria' }, user_id: userId }, { from_user_id: userId }, 'de novo sem telefone');
    expect((await again.post()).statusCode).toBe(200);
    const later = await stored(again.id);
    expect([later.contact_id, later.ticket_id]).toEqual([byPhone.contact_id, byPhone.ticket_id]);
  });

  it("an agent's reply to a customer known only by user id goes to Meta's `recipient`, not `to`", async () => {
    const userId = `BR.1502${randomBytes(6).toString('hex').replace(/[a-f]/g, '3')}`;
    const inbound = webhook({ profile: { name: 'Sem telefone' }, user_id: userId }, { from_user_id: userId }, 'me responda');
    expect((await inbound.post()).statusCode).toBe(200);
    const { ticket_id: ticketId } = await stored(inbound.id);
    expect((await api(app, a.adminToken).put(`/tickets/${ticketId}`, { status: 'open', userId: a.admin.id })).status).toBe(200);
    expect((await api(app, a.adminToken).post(`/messages/${ticketId}`, { body: `Olá ${userId}` })).status).toBe(200);
    const bodyOf = (s: { body: Record<string, unknown> }) => (s.body.text as { body?: string } | undefined)?.body;
    await vi.waitFor(() => expect(graph.sends.some((s) => bodyOf(s) === `Olá ${userId}`)).toBe(true), { timeout: 10_000, interval: 20 });
    const out = graph.sends.find((s) => bodyOf(s) === `Olá ${userId}`)!;
    expect([out.body.recipient, out.body.to]).toEqual([userId, undefined]);
  });

  it('a customer whose user id is 128 characters long (the most Meta allows) is stored and answered', async () => {
    const userId = `BR.${'7'.repeat(125)}`;
    expect(userId).toHaveLength(128);
    const inbound = webhook({ profile: { name: 'Id longo' }, user_id: userId }, { from_user_id: userId }, 'id de 128');
    expect((await inbound.post()).statusCode).toBe(200);
    const { contact_id: contactId, ticket_id: ticketId } = await stored(inbound.id);
    expect((await app.owner`select number from contacts where id = ${contactId}`)[0]!.number).toBe(userId);
    expect((await api(app, a.adminToken).put(`/tickets/${ticketId}`, { status: 'open', userId: a.admin.id })).status).toBe(200);
    expect((await api(app, a.adminToken).post(`/messages/${ticketId}`, { body: 'Resposta ao id longo' })).status).toBe(200);
    const bodyOf = (s: { body: Record<string, unknown> }) => (s.body.text as { body?: string } | undefined)?.body;
    await vi.waitFor(() => expect(graph.sends.some((s) => bodyOf(s) === 'Resposta ao id longo')).toBe(true), { timeout: 10_000, interval: 20 });
    expect(graph.sends.find((s) => bodyOf(s) === 'Resposta ao id longo')!.body.recipient).toBe(userId);
  });

  it("user_changed_number: the contact keeps its ticket under the new phone and user id (audited); the old phone is free; the new phone's messages reach the same ticket", async () => {
    const [oldPhone, newPhone] = [randomPhone(), randomPhone()];
    const [oldUser, newUser] = [randomUserId('1'), randomUserId('2')];
    const first = webhook({ profile: { name: 'Trocou' }, wa_id: oldPhone, user_id: oldUser }, { from: oldPhone, from_user_id: oldUser }, 'antes da troca');
    expect((await first.post()).statusCode).toBe(200);
    const before = await stored(first.id);
    await vi.waitFor(async () => expect(await app.owner`select value from contact_identities where contact_id = ${before.contact_id}`).toHaveLength(1), { timeout: 10_000, interval: 20 });

    const change = systemHook({ from: oldPhone, system: { body: `User Trocou changed from ${oldPhone} to ${newPhone}`, type: 'user_changed_number', wa_id: newPhone, user_id: newUser, previous_user_id: oldUser } });
    expect((await change.post()).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await app.owner`select number from contacts where id = ${before.contact_id}`)[0]?.number).toBe(newPhone), { timeout: 10_000, interval: 20 });
    expect((await app.owner`select kind, value from contact_identities where contact_id = ${before.contact_id}`).map((r) => `${r.kind}:${r.value}`)).toEqual([`cloud_user_id:${newUser}`]);
    expect(await app.owner`select id from contacts where company_id = ${a.companyId} and number = ${oldPhone}`).toEqual([]);
    expect(await app.owner`select id from messages where wa_message_id = ${change.id}`).toEqual([]);
    const audit = await app.owner`select before, after from audit_logs where company_id = ${a.companyId} and entity = 'contact' and entity_id = ${String(before.contact_id)} and action = 'update'`;
    expect(audit.map((r) => [(r.before as { number: string }).number, (r.after as { number: string }).number])).toEqual([[oldPhone, newPhone]]);

    const next = webhook({ profile: { name: 'Trocou' }, wa_id: newPhone, user_id: newUser }, { from: newPhone, from_user_id: newUser }, 'depois da troca');
    expect((await next.post()).statusCode).toBe(200);
    const after = await stored(next.id);
    expect([after.contact_id, after.ticket_id]).toEqual([before.contact_id, before.ticket_id]);
  });

  it('user_changed_user_id: a contact known only by its user id takes the new one as its number (audited); messages by the new id reach the same ticket', async () => {
    const [oldUser, newUser] = [randomUserId('4'), randomUserId('5')];
    const first = webhook({ profile: { name: 'Só id' }, user_id: oldUser }, { from_user_id: oldUser }, 'antes da troca de id');
    expect((await first.post()).statusCode).toBe(200);
    const before = await stored(first.id);

    const change = systemHook({ from_user_id: newUser, system: { body: 'User Só id changed their user ID', type: 'user_changed_user_id', user_id: newUser, previous_user_id: oldUser } });
    expect((await change.post()).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await app.owner`select number from contacts where id = ${before.contact_id}`)[0]?.number).toBe(newUser), { timeout: 10_000, interval: 20 });
    const audit = await app.owner`select before, after from audit_logs where company_id = ${a.companyId} and entity = 'contact' and entity_id = ${String(before.contact_id)} and action = 'update'`;
    expect(audit.map((r) => [(r.before as { number: string }).number, (r.after as { number: string }).number])).toEqual([[oldUser, newUser]]);

    const next = webhook({ profile: { name: 'Só id' }, user_id: newUser }, { from_user_id: newUser }, 'depois da troca de id');
    expect((await next.post()).statusCode).toBe(200);
    const after = await stored(next.id);
    expect([after.contact_id, after.ticket_id]).toEqual([before.contact_id, before.ticket_id]);
    expect(await app.owner`select id from contacts where company_id = ${a.companyId} and number = ${oldUser}`).toEqual([]);
  });

  it("user_changed_number to a phone that already has a contact: the old contact's tickets and messages move to it (merged, audited)", async () => {
    const [oldPhone, newPhone] = [randomPhone(), randomPhone()];
    const byOld = webhook({ profile: { name: 'Antigo' }, wa_id: oldPhone }, { from: oldPhone }, 'pelo número antigo');
    const byNew = webhook({ profile: { name: 'Novo' }, wa_id: newPhone }, { from: newPhone }, 'pelo número novo');
    expect((await byOld.post()).statusCode).toBe(200);
    expect((await byNew.post()).statusCode).toBe(200);
    const [oldRow, newRow] = [await stored(byOld.id), await stored(byNew.id)];
    expect(oldRow.contact_id).not.toBe(newRow.contact_id);

    expect((await systemHook({ from: oldPhone, system: { type: 'user_changed_number', wa_id: newPhone } }).post()).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await app.owner`select id from contacts where id = ${oldRow.contact_id}`).toEqual([]), { timeout: 10_000, interval: 20 });
    expect((await app.owner`select contact_id from messages where wa_message_id in (${byOld.id}, ${byNew.id})`).map((r) => r.contact_id)).toEqual([newRow.contact_id, newRow.contact_id]);
    expect((await app.owner`select contact_id from tickets where id = ${oldRow.ticket_id}`)[0]!.contact_id).toBe(newRow.contact_id);
    expect(await app.owner`select id from audit_logs where company_id = ${a.companyId} and entity = 'contact' and entity_id = ${String(newRow.contact_id)}`).toHaveLength(1);
  });
});
