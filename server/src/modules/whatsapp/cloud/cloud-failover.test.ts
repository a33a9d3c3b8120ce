/**
 * Failover per ticket (issue 29 §6; decisions 0411–0413) and the plan's template cap (§7; 0414),
 * through the whole server: a Baileys connection (fake socket) whose fallback is a Cloud API
 * connection (the local fake Graph API). While the session is up, replies go through Baileys; once
 * it drops, through the Cloud number, each message naming the connection that carried it; the
 * Cloud number's 24-hour window is the customer's on that number (injected clock); back up, replies
 * go through Baileys again. A plan's monthly cap refuses the template beyond it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ListMessagesResponse, type MessageDto, type WhatsappDto } from '@balcao/shared';
import type { Clock } from '../../../infra/clock';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../../test/helpers/world';
import { FakeSocket } from '../baileys/test/fake-socket';
import { incomingText } from '../baileys/test/messages';
import { toPnJid } from '../baileys/phone';
import { startFakeGraph, type FakeGraph } from './test/fake-graph';
import { queueOutbound } from '../../messages/outbound';
import * as ticketsRepo from '../../tickets/tickets.repository';
import { change, textFrom } from './test/webhooks';

const TOKEN = 'EAAG-cloud-failover-token';
const PHONE_ID = '106540352240088';
const WABA = '102290129340388';
const SECRET = 'app-secret-failover-01234567';
const CUSTOMER = '5561981230088';
const HOOK = '/channels/whatsapp-cloud/webhook';
const HOUR = 60 * 60_000;

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

let app: TestApp;
let graph: FakeGraph;
let a: TestCompany;
let cloud: WhatsappDto;
let baileys: WhatsappDto;
let ticketId: number;
const sockets: FakeSocket[] = [];

const status = async (id: number) => (await app.owner`select status from whatsapps where id = ${id}`)[0]!.status as string;
const reply = (body: string) => api(app, a.adminToken).post<MessageDto>(`/messages/${ticketId}`, { body });
/** What reached Meta as a text: its recipient and body. */
const graphTexts = () => graph.sends.filter((s) => s.body.type === 'text').map((s) => ({ to: s.body.to, text: (s.body.text as { body?: string } | undefined)?.body }));
const acked = (id: number) => vi.waitFor(async () => expect((await app.owner`select ack from messages where id = ${id}`)[0]!.ack).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 20 });

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_ID, wabaId: WABA, displayNumber: '+55 61 3333-0088' });
  graph.templates.push({ name: 'retomar', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Olá {{1}}, podemos continuar?' }] });
  app = await createTestApp({
    clock,
    config: { waEncryptionKey: randomBytes(32), allowPrivateHosts: true, whatsappCloud: { baseUrl: graph.base, apiVersion: 'v25.0' } },
    baileysSocketFactory: () => {
      const s = new FakeSocket({ registered: [toPnJid(CUSTOMER)] });
      sockets.push(s);
      return s;
    },
  });
  a = await createCompany(app);
  const admin = api(app, a.adminToken);
  const facts = { phoneNumberId: PHONE_ID, wabaId: WABA, accessToken: TOKEN, appSecret: SECRET, verifyToken: 'verify-token-failover-0088' };
  cloud = (await admin.post<WhatsappDto>('/whatsapp', { name: 'Oficial', provider: 'cloud', cloud: facts })).body;
  expect((await admin.post<WhatsappDto>(`/whatsappsession/${cloud.id}`, {})).body.status).toBe('CONNECTED');
  const made = await admin.post<WhatsappDto>('/whatsapp', { name: 'Celular', provider: 'baileys', fallbackWhatsappId: cloud.id });
  expect([made.status, made.body.fallbackWhatsappId]).toEqual([200, cloud.id]);
  baileys = made.body;
  await admin.post(`/whatsappsession/${baileys.id}`, {});
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  sockets[0]!.open();
  await vi.waitFor(async () => expect(await status(baileys.id)).toBe('CONNECTED'));

  // The customer writes to both numbers: a ticket on the Baileys one, the Cloud window open.
  const { body, headers } = graph.signed(SECRET, change(PHONE_ID, { messages: [textFrom(CUSTOMER, 'Oi pelo oficial', { timestamp: String(Math.floor(clock.now().getTime() / 1000)) })] }));
  expect((await app.app.inject({ method: 'POST', url: HOOK, headers, payload: body })).statusCode).toBe(200);
  sockets[0]!.upsert([incomingText(CUSTOMER, 'Oi pelo celular')]);
  await vi.waitFor(
    async () => {
      const rows = await app.owner`select m.ticket_id, t.whatsapp_id from messages m join tickets t on t.id = m.ticket_id where m.company_id = ${a.companyId} and not m.from_me`;
      expect(rows.map((r) => r.whatsapp_id).sort()).toEqual([cloud.id, baileys.id].sort());
      ticketId = rows.find((r) => r.whatsapp_id === baileys.id)!.ticket_id as number;
    },
    { timeout: 10_000, interval: 20 },
  );
  await admin.put(`/tickets/${ticketId}`, { status: 'open', userId: a.admin.id });
});
afterAll(async () => {
  if (app) await vi.waitFor(async () => expect((await app.owner`select count(*)::int as n from messages where company_id = ${a.companyId} and from_me and ack = 0`)[0]!.n).toBe(0), { timeout: 15_000, interval: 50 });
  await app?.bus.idle();
  await app?.close();
  await graph?.close();
});

describe('fallbackWhatsappId on a connection', () => {
  it('takes only one of the company\'s Cloud connections, never itself nor on a Cloud connection; null clears it', async () => {
    const admin = api(app, a.adminToken);
    const other = await createCompany(app);
    const theirs = await api(app, other.adminToken).post<WhatsappDto>('/whatsapp', {
      name: 'Deles',
      provider: 'cloud',
      cloud: { phoneNumberId: '106540352249999', wabaId: WABA, accessToken: TOKEN, appSecret: SECRET, verifyToken: 'verify-token-failover-9999' },
    });
    expect((await admin.put(`/whatsapp/${baileys.id}`, { fallbackWhatsappId: theirs.body.id })).body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    expect((await admin.put(`/whatsapp/${baileys.id}`, { fallbackWhatsappId: baileys.id })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await admin.put(`/whatsapp/${baileys.id}`, { fallbackWhatsappId: a.whatsapp.id })).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await admin.put(`/whatsapp/${cloud.id}`, { fallbackWhatsappId: cloud.id })).status).toBe(400);
    expect((await admin.put(`/whatsapp/${a.whatsapp.id}`, { provider: 'cloud', fallbackWhatsappId: cloud.id })).status).toBe(400);
    const cleared = await admin.put<WhatsappDto>(`/whatsapp/${a.whatsapp.id}`, { fallbackWhatsappId: null });
    expect([cleared.status, cleared.body.fallbackWhatsappId]).toEqual([200, null]);
    expect((await admin.get<WhatsappDto>(`/whatsapp/${baileys.id}`)).body.fallbackWhatsappId).toBe(cloud.id);
  });
});

describe('failover per ticket', () => {
  it('session up: the reply goes through Baileys and names it', async () => {
    const r = await reply('Olá pelo celular');
    expect([r.status, r.body.whatsappId]).toEqual([200, baileys.id]);
    await acked(r.body.id);
    expect(sockets[0]!.sent.map((s) => s.message.key.id)).toContain(r.body.waMessageId);
    expect(graphTexts().some((s) => s.text === 'Olá pelo celular')).toBe(false);
  });

  it('a reply queued while the session was up goes through the Cloud number once its send finds the session down; one that may have reached WhatsApp waits for it (decision 0413)', async () => {
    const t = (await app.data.withTenant({ companyId: a.companyId }, ({ tx }) => ticketsRepo.get(tx, a.companyId, ticketId)))!;
    // Its send runs after the drop below (a few statements away): 2 s of margin on a loaded machine.
    const later = new Date(Date.now() + 2_000);
    const store = (body: string) => app.data.withTenant({ companyId: a.companyId }, (unit) => queueOutbound(unit, app.jobs, t, body, { userId: a.admin.id, sendAt: later }));
    const queued = await store('Na fila antes da queda');
    const maybeSent = await store('Talvez já enviada');
    expect([queued!.whatsappId, maybeSent!.whatsappId]).toEqual([baileys.id, baileys.id]);
    // An earlier attempt of this one failed inside the socket: WhatsApp may have it.
    await app.owner`update messages set error_code = 'ERR_SENDING_WAPP_MSG' where id = ${maybeSent!.id}`;
    sockets[0]!.close(428);
    await vi.waitFor(async () => expect(await status(baileys.id)).not.toBe('CONNECTED'));
    await acked(queued!.id);
    expect((await app.owner`select whatsapp_id from messages where id = ${queued!.id}`)[0]!.whatsapp_id).toBe(cloud.id);
    expect(graphTexts().filter((s) => s.text === 'Na fila antes da queda').map((s) => s.to)).toEqual([CUSTOMER]);
    expect(sockets.flatMap((s) => s.sent).some((s) => s.message.key.id === queued!.waMessageId)).toBe(false);
    // The other stays with its session, retried there, never sent through the Cloud number.
    await vi.waitFor(
      async () => expect((await app.owner`select max(retry_count)::int as n from pgboss.job where name = 'message.send' and (data->>'messageId')::int = ${maybeSent!.id}`)[0]?.n).toBeGreaterThanOrEqual(1),
      { timeout: 10_000, interval: 50 },
    );
    expect((await app.owner`select whatsapp_id, ack, error_code from messages where id = ${maybeSent!.id}`)[0]).toEqual({ whatsapp_id: baileys.id, ack: 0, error_code: 'ERR_SENDING_WAPP_MSG' });
    expect(graphTexts().some((s) => s.text === 'Talvez já enviada')).toBe(false);
    // Out of this file's way: its retries would go on for minutes.
    await app.owner`delete from messages where id = ${maybeSent!.id}`;
  });

  it('session down: the reply goes through the Cloud number, marked with it, unquoted; the conversation says whose window it is', async () => {
    const page = await api(app, a.adminToken).get<ListMessagesResponse>(`/messages/${ticketId}`);
    expect(page.body.window).toMatchObject({ open: true, whatsappId: cloud.id });
    // Quoting the customer's message that came through the session: Meta does not know its id.
    const [theirs] = await app.owner`select id from messages where ticket_id = ${ticketId} and body = 'Oi pelo celular'`;
    const r = await api(app, a.adminToken).post<MessageDto>(`/messages/${ticketId}`, { body: 'Respondo pelo oficial', quotedMsg: theirs!.id as number });
    expect([r.status, r.body.whatsappId]).toEqual([200, cloud.id]);
    await acked(r.body.id);
    expect(graph.sends.find((s) => (s.body.text as { body?: string } | undefined)?.body === 'Respondo pelo oficial')!.body.context).toBeUndefined();
    expect(graphTexts().filter((s) => s.text === 'Respondo pelo oficial').map((s) => s.to)).toEqual([CUSTOMER]);
    expect(sockets.flatMap((s) => s.sent).some((s) => s.message.key.id === r.body.waMessageId)).toBe(false);
    // The conversation keeps which connection carried each message.
    const after = await api(app, a.adminToken).get<ListMessagesResponse>(`/messages/${ticketId}`);
    expect(after.body.messages.filter((m) => m.fromMe).map((m) => [m.body, m.whatsappId])).toEqual([
      ['Olá pelo celular', baileys.id],
      ['Na fila antes da queda', cloud.id],
      ['Respondo pelo oficial', cloud.id],
    ]);
  });

  it("the Cloud number's window closed (25 hours on): a text is ERR_WINDOW_CLOSED naming that number, a template goes through it", async () => {
    offsetMs = 25 * HOUR;
    try {
      const refused = await reply('Ainda aí?');
      expect([refused.status, refused.body]).toEqual([409, expect.objectContaining({ error: 'ERR_WINDOW_CLOSED', details: expect.objectContaining({ whatsappId: cloud.id }) })]);
      expect((await app.owner`select count(*)::int as n from messages where ticket_id = ${ticketId} and body = 'Ainda aí?'`)[0]!.n).toBe(0);
      const page = await api(app, a.adminToken).get<ListMessagesResponse>(`/messages/${ticketId}`);
      expect(page.body.window).toMatchObject({ open: false, whatsappId: cloud.id });
      const t = await api(app, a.adminToken).post<MessageDto>(`/messages/${ticketId}`, { template: { name: 'retomar', language: 'pt_BR', variables: ['Maria'] } });
      expect([t.status, t.body.whatsappId, t.body.body]).toEqual([200, cloud.id, 'Olá Maria, podemos continuar?']);
      await acked(t.body.id);
      expect(graph.sends.filter((s) => s.body.type === 'template').map((s) => s.body.to)).toEqual([CUSTOMER]);
    } finally {
      offsetMs = 0;
    }
  });

  it('session back: replies go through Baileys again, without a window', async () => {
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(1), { timeout: 15_000 });
    sockets.at(-1)!.open();
    await vi.waitFor(async () => expect(await status(baileys.id)).toBe('CONNECTED'));
    expect((await api(app, a.adminToken).get<ListMessagesResponse>(`/messages/${ticketId}`)).body.window).toBeUndefined();
    const r = await reply('De volta pelo celular');
    expect([r.status, r.body.whatsappId]).toEqual([200, baileys.id]);
    await acked(r.body.id);
    expect(sockets.at(-1)!.sent.map((s) => s.message.key.id)).toContain(r.body.waMessageId);
    // A template is a Cloud connection's only: with the session up, the ticket's own connection is Baileys.
    const t = await api(app, a.adminToken).post(`/messages/${ticketId}`, { template: { name: 'retomar', language: 'pt_BR', variables: ['Maria'] } });
    expect([t.status, t.body]).toEqual([400, expect.objectContaining({ error: 'ERR_VALIDATION' })]);
  });
});

describe("the plan's monthly template cap", () => {
  const cloudTicket = async () => (await app.owner`select id from tickets where whatsapp_id = ${cloud.id} order by id desc limit 1`)[0]!.id as number;
  const sendTemplate = async (id: number) => api(app, a.adminToken).post<MessageDto>(`/messages/${id}`, { template: { name: 'retomar', language: 'pt_BR', variables: ['Ana'] } });
  const month = () => clock.now().toISOString().slice(0, 7);
  const counted = async () => ((await app.owner`select count from whatsapp_template_sends where company_id = ${a.companyId} and month = ${month()}`)[0]?.count as number | undefined) ?? 0;
  const capAt = async (cap: number | null) => {
    const [p] = await app.owner`insert into plans (name, template_sends_per_month) values (${`Cap ${randomBytes(4).toString('hex')}`}, ${cap}) returning id`;
    await app.owner`update companies set plan_id = ${p!.id as number} where id = ${a.companyId}`;
  };

  it('refuses the send beyond the cap with ERR_TEMPLATE_SEND_CAP and stores nothing; a higher cap lets it go', async () => {
    const id = await cloudTicket();
    await api(app, a.adminToken).put(`/tickets/${id}`, { status: 'open', userId: a.admin.id });
    await capAt(await counted());
    const before = graph.sends.length;
    const refused = await sendTemplate(id);
    expect([refused.status, refused.body]).toEqual([429, expect.objectContaining({ error: 'ERR_TEMPLATE_SEND_CAP' })]);
    expect((await app.owner`select count(*)::int as n from messages where ticket_id = ${id} and body = 'Olá Ana, podemos continuar?'`)[0]!.n).toBe(0);
    expect(graph.sends.length).toBe(before);

    await capAt((await counted()) + 1);
    const sent = await sendTemplate(id);
    expect(sent.status).toBe(200);
    await acked(sent.body.id);
    expect((await sendTemplate(id)).body).toMatchObject({ error: 'ERR_TEMPLATE_SEND_CAP' });
  });

  it('two sends at the last one of the cap: exactly one goes', async () => {
    const id = await cloudTicket();
    await capAt((await counted()) + 1);
    const both = await Promise.all([sendTemplate(id), sendTemplate(id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    await acked(both.find((r) => r.status === 200)!.body.id);
  });

  it('a plan without a cap (null) never refuses', async () => {
    const id = await cloudTicket();
    await capAt(null);
    const r = await sendTemplate(id);
    expect(r.status).toBe(200);
    await acked(r.body.id);
  });
});
