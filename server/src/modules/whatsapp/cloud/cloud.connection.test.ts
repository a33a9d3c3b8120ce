/**
 * A Cloud API connection through the whole server, against the local fake Graph API: started by
 * the admin's "start session" like any other (CONNECTED when the token reads the number,
 * DISCONNECTED with the admins' alert when Meta refuses it), and Meta's webhook: the challenge,
 * signatures refused with nothing stored, each kind in, redeliveries once, statuses to acks, an
 * agent's reply out, and one company's number never creating anything in another company.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { wireEvent, type MessageDto, type WhatsappAlertPayload, type WhatsappDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { api, connectSocket, createCompany, nextEvent, type TestCompany } from '../../../../test/helpers/world';
import { startFakeGraph, type FakeGraph } from './test/fake-graph';
import { change, newWamid, statusOf, textFrom } from './test/webhooks';

const TOKEN = 'EAAG-cloud-connection-token';
const PHONE_ID = '106540352240001';
let app: TestApp;
let graph: FakeGraph;
let a: TestCompany;

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_ID, displayNumber: '+55 61 3333-0001' });
  app = await createTestApp({ config: { allowPrivateHosts: true, whatsappCloud: { baseUrl: graph.base, apiVersion: 'v25.0' } } });
  a = await createCompany(app);
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
});

const cloud = (over: Record<string, string> = {}) => ({ phoneNumberId: PHONE_ID, wabaId: '102290129340398', accessToken: TOKEN, appSecret: 'app-secret-0123456789abcdef', verifyToken: 'verify-token-0123456789', ...over });
const row = async (id: number) => (await app.owner`select status, number from whatsapps where id = ${id}`)[0]!;

describe('a Cloud API connection', () => {
  it("starts on the admin's start session: CONNECTED with the number Meta shows; a refused token is DISCONNECTED with the logged-out alert", async () => {
    const admin = api(app, a.adminToken);
    const w = (await admin.post<WhatsappDto>('/whatsapp', { name: 'Oficial', provider: 'cloud', cloud: cloud() })).body;
    const started = await admin.post<WhatsappDto>(`/whatsappsession/${w.id}`, {});
    expect(started.body).toMatchObject({ status: 'CONNECTED', number: '556133330001' });
    expect(await row(w.id)).toEqual({ status: 'CONNECTED', number: '556133330001' });

    await admin.put(`/whatsapp/${w.id}`, { cloud: { accessToken: 'EAAG-a-token-meta-refuses' } });
    const socket = await connectSocket(app, a.adminToken);
    const alert = nextEvent<{ alert: WhatsappAlertPayload }>(socket, wireEvent(a.companyId, 'whatsappAlert'), (p) => p.alert.whatsappId === w.id);
    const refused = await admin.put<WhatsappDto>(`/whatsappsession/${w.id}`, {});
    expect(refused.body.status).toBe('DISCONNECTED');
    expect((await alert).alert).toMatchObject({ kind: 'logged-out', code: 190, status: 'DISCONNECTED' });
    socket.disconnect();
    await admin.del(`/whatsapp/${w.id}`);
  });
});

const SECRET_A = 'app-secret-of-company-a-0123';
const SECRET_B = 'app-secret-of-company-b-4567';
const PHONE_B = '106540352249999';
const CUSTOMER = '5561981234567';
const HOOK = '/channels/whatsapp-cloud/webhook';

describe("Meta's webhook", () => {
  let b: TestCompany;
  let wa: WhatsappDto;
  let wb: WhatsappDto;
  const post = (payload: unknown, secret: string | undefined, tamper = false) => {
    const { body, headers } = graph.signed(secret ?? 'none', payload);
    const h: Record<string, string> = { 'content-type': 'application/json' };
    if (secret) h['x-hub-signature-256'] = tamper ? headers['x-hub-signature-256']!.replace(/.$/, (c) => (c === '0' ? '1' : '0')) : headers['x-hub-signature-256']!;
    return app.app.inject({ method: 'POST', url: HOOK, headers: h, payload: body });
  };
  const messagesOf = (companyId: number) =>
    app.owner`select m.id, m.wa_message_id as "waMessageId", m.body, m.media_type as "mediaType", m.from_me as "fromMe", m.ack, m.quoted_msg_id as "quotedMsgId", m.reactions, m.media_url as "mediaUrl", m.ticket_id as "ticketId" from messages m where m.company_id = ${companyId} order by m.id`;
  const arrived = async (wamid: string) => {
    await vi.waitFor(async () => expect((await messagesOf(a.companyId)).some((m) => m.waMessageId === wamid)).toBe(true), { timeout: 10_000, interval: 20 });
    return (await messagesOf(a.companyId)).find((m) => m.waMessageId === wamid)!;
  };
  const cloudJobs = async () => (await app.owner`select count(*)::int as n from pgboss.job where name = 'cloud.webhook'`)[0]!.n as number;

  beforeAll(async () => {
    b = await createCompany(app);
    wa = (await api(app, a.adminToken).post<WhatsappDto>('/whatsapp', { name: 'Oficial A', provider: 'cloud', cloud: cloud({ appSecret: SECRET_A, verifyToken: 'verify-token-of-company-a' }) })).body;
    wb = (await api(app, b.adminToken).post<WhatsappDto>('/whatsapp', { name: 'Oficial B', provider: 'cloud', cloud: cloud({ phoneNumberId: PHONE_B, appSecret: SECRET_B, verifyToken: 'verify-token-of-company-b' }) })).body;
    expect((await api(app, a.adminToken).post<WhatsappDto>(`/whatsappsession/${wa.id}`, {})).body.status).toBe('CONNECTED');
  });

  it("answers Meta's check with the challenge only for a verify token some connection has", async () => {
    const get = (q: string) => app.app.inject({ method: 'GET', url: `${HOOK}?${q}` });
    const ok = await get('hub.mode=subscribe&hub.verify_token=verify-token-of-company-a&hub.challenge=1158201444');
    expect([ok.statusCode, ok.body]).toEqual([200, '1158201444']);
    expect((await get('hub.mode=subscribe&hub.verify_token=verify-token-of-company-b&hub.challenge=42')).body).toBe('42');
    for (const q of ['hub.mode=subscribe&hub.verify_token=wrong-token-0123456789&hub.challenge=1', 'hub.verify_token=verify-token-of-company-a&hub.challenge=1', 'hub.mode=subscribe&hub.challenge=1']) {
      expect((await get(q)).statusCode).toBe(403);
    }
  });

  it('refuses a missing, wrong or foreign signature with 401 and stores nothing', async () => {
    const jobsBefore = await cloudJobs();
    const payload = change(PHONE_ID, { messages: [textFrom(CUSTOMER, 'sem assinatura')] });
    for (const [secret, tamper] of [[undefined, false], [SECRET_A, true], [SECRET_B, false], ['a-guess', false]] as const) {
      const r = await post(payload, secret, tamper);
      expect([r.statusCode, JSON.parse(r.body).error]).toEqual([401, 'ERR_INVALID_WEBHOOK']);
    }
    // A number nobody connected, signed with a real secret.
    expect((await post(change('999999999', { messages: [textFrom(CUSTOMER, 'x')] }), SECRET_A)).statusCode).toBe(401);
    expect(await cloudJobs()).toBe(jobsBefore);
    expect(await messagesOf(a.companyId)).toEqual([]);
  });

  it("company A's number signed with A's secret lands in A only; A's secret can never post for B's number", async () => {
    const msg = textFrom(CUSTOMER, 'Olá, preciso de ajuda');
    expect((await post(change(PHONE_ID, { messages: [msg], name: 'Maria' }), SECRET_A)).statusCode).toBe(200);
    expect(await arrived(msg.id!)).toMatchObject({ body: 'Olá, preciso de ajuda', fromMe: false });
    expect((await post(change(PHONE_B, { messages: [textFrom(CUSTOMER, 'para B com o segredo de A')] }), SECRET_A)).statusCode).toBe(401);
    expect(await app.owner`select id from contacts where company_id = ${b.companyId} and number = ${CUSTOMER}`).toEqual([]);
    expect(await messagesOf(b.companyId)).toEqual([]);
    expect(await app.owner`select id from tickets where whatsapp_id = ${wb.id} or company_id = ${b.companyId}`).toEqual([]);
    expect(await app.owner`select company_id from contacts where number = ${CUSTOMER}`).toEqual([{ company_id: a.companyId }]);
  });

  it('a redelivered webhook (same wamid, Meta retries for days) is one message', async () => {
    const msg = textFrom(CUSTOMER, 'uma vez só');
    const payload = change(PHONE_ID, { messages: [msg] });
    // Over HTTP, as Meta sends it (the other tests inject).
    expect(await graph.deliver(`${app.url}${HOOK}`, SECRET_A, payload)).toBe(200);
    await arrived(msg.id!);
    expect(await graph.deliver(`${app.url}${HOOK}`, SECRET_A, payload)).toBe(200);
    const marker = textFrom(CUSTOMER, 'depois da repetição');
    await post(change(PHONE_ID, { messages: [marker] }), SECRET_A);
    await arrived(marker.id!);
    expect((await messagesOf(a.companyId)).filter((m) => m.waMessageId === msg.id)).toHaveLength(1);
  });

  it('maps each kind: a reply with context, media by id (downloaded and stored), location, contacts, button and list replies, a reaction, and an unknown type as a visible placeholder', async () => {
    const first = textFrom(CUSTOMER, 'Pedido 42');
    await post(change(PHONE_ID, { messages: [first] }), SECRET_A);
    const firstRow = await arrived(first.id!);
    const imageId = graph.addMedia(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), 'image/jpeg');
    const kinds = [
      textFrom(CUSTOMER, 'este', { context: { from: CUSTOMER, id: first.id } }),
      textFrom(CUSTOMER, '', { type: 'image', text: undefined, image: { id: imageId, mime_type: 'image/jpeg', caption: 'a foto' } }),
      textFrom(CUSTOMER, '', { type: 'location', text: undefined, location: { latitude: -15.79, longitude: -47.88, name: 'Loja' } }),
      textFrom(CUSTOMER, '', { type: 'contacts', text: undefined, contacts: [{ name: { formatted_name: 'Ana' }, phones: [{ phone: '+55 61 98888-7777', wa_id: '5561988887777' }] }] }),
      textFrom(CUSTOMER, '', { type: 'interactive', text: undefined, interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim' } } }),
      textFrom(CUSTOMER, '', { type: 'interactive', text: undefined, interactive: { type: 'list_reply', list_reply: { id: 'l1', title: 'Segunda' } } }),
      textFrom(CUSTOMER, '', { type: 'order', text: undefined }),
    ];
    for (const m of kinds) await post(change(PHONE_ID, { messages: [m] }), SECRET_A);
    const rows = [];
    for (const m of kinds) rows.push(await arrived(m.id!));
    expect(rows[0]).toMatchObject({ body: 'este', quotedMsgId: firstRow.id });
    expect(rows[1]).toMatchObject({ body: 'a foto', mediaType: 'image' });
    await vi.waitFor(async () => expect((await arrived(kinds[1]!.id!)).mediaUrl).toBeTruthy(), { timeout: 10_000, interval: 20 });
    expect(graph.lookups).toContain(imageId);
    expect(rows[2]!.body).toContain('maps.google.com/maps?q=-15.79%2C-47.88');
    expect(rows[3]!.body).toContain('waid=5561988887777');
    expect([rows[4]!.body, rows[5]!.body]).toEqual(['Sim', 'Segunda']);
    expect(rows[6]!.body).toContain('"order"');
    const reaction = textFrom(CUSTOMER, '', { type: 'reaction', text: undefined, reaction: { message_id: first.id, emoji: '👍' } });
    await post(change(PHONE_ID, { messages: [reaction] }), SECRET_A);
    await vi.waitFor(async () => expect((await arrived(first.id!)).reactions).toEqual([expect.objectContaining({ emoji: '👍' })]), { timeout: 10_000, interval: 20 });
  });

  it("an agent's reply goes to the fake under Meta's wamid; its statuses come back as acks (delivered 3, read 4; failed -1 with Meta's error text)", async () => {
    const ticketId = (await messagesOf(a.companyId))[0]!.ticketId as number;
    graph.sends.length = 0;
    expect((await api(app, a.adminToken).put(`/tickets/${ticketId}`, { status: 'open', userId: a.admin.id })).status).toBe(200);
    const sent = await api(app, a.adminToken).post<{ id: number }>(`/messages/${ticketId}`, { body: 'Bom dia!' });
    expect(sent.status).toBe(200);
    await vi.waitFor(() => expect(graph.sends.some((s) => (s.body.text as { body?: string } | undefined)?.body?.includes('Bom dia!'))).toBe(true), { timeout: 10_000, interval: 20 });
    const out = graph.sends.find((s) => (s.body.text as { body?: string } | undefined)?.body?.includes('Bom dia!'))!;
    const ourId = out.body.biz_opaque_callback_data as string;
    const ackOf = async () => (await messagesOf(a.companyId)).find((m) => m.waMessageId === ourId)?.ack;
    await vi.waitFor(async () => expect(await ackOf()).toBe(1), { timeout: 10_000, interval: 20 });
    // Statuses name the wamid; Meta repeats our id as biz_opaque_callback_data, but the id map alone must do.
    await post(change(PHONE_ID, { statuses: [statusOf(out.wamid!, 'delivered')] }), SECRET_A);
    await vi.waitFor(async () => expect(await ackOf()).toBe(3), { timeout: 10_000, interval: 20 });
    await post(change(PHONE_ID, { statuses: [statusOf(out.wamid!, 'read', { biz_opaque_callback_data: ourId })] }), SECRET_A);
    await vi.waitFor(async () => expect(await ackOf()).toBe(4), { timeout: 10_000, interval: 20 });
    // A status for a wamid nobody sent changes nothing; a failed one of ours is ack -1.
    await post(change(PHONE_ID, { statuses: [statusOf(newWamid(), 'failed')] }), SECRET_A);
    await api(app, a.adminToken).post(`/messages/${ticketId}`, { body: 'Vai falhar' });
    // Found by its text: read marks of the customer's messages go to the same fake meanwhile.
    const failingSend = () => graph.sends.find((s) => (s.body.text as { body?: string } | undefined)?.body?.includes('Vai falhar'));
    await vi.waitFor(() => expect(failingSend()).toBeDefined(), { timeout: 10_000, interval: 20 });
    const failing = failingSend()!;
    const failedAck = async () => (await messagesOf(a.companyId)).find((m) => m.waMessageId === failing.body.biz_opaque_callback_data)?.ack;
    await vi.waitFor(async () => expect(await failedAck()).toBe(1), { timeout: 10_000, interval: 20 });
    const socket = await connectSocket(app, a.adminToken);
    const [t] = await app.owner`select uuid from tickets where id = ${ticketId}`;
    expect(await socket.emitWithAck('joinChatBox', t!.uuid as string)).toBe(true);
    const emitted = nextEvent<{ action: string; message: MessageDto }>(socket, wireEvent(a.companyId, 'appMessage'), (p) => p.message?.waMessageId === failing.body.biz_opaque_callback_data && p.message.ack === -1);
    await post(change(PHONE_ID, { statuses: [statusOf(failing.wamid!, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] })] }), SECRET_A);
    await vi.waitFor(async () => expect(await failedAck()).toBe(-1), { timeout: 10_000, interval: 20 });
    // The reason reaches the row and the agents' screens (decision 0475), not only the -1.
    expect((await app.owner`select error_detail from messages where wa_message_id = ${failing.body.biz_opaque_callback_data as string}`)[0]).toEqual({ error_detail: '131026 Message undeliverable' });
    expect((await emitted).message.errorDetail).toBe('131026 Message undeliverable');
    socket.disconnect();
    expect(await ackOf()).toBe(4);
  });
});
