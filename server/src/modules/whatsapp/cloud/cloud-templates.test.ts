/**
 * Templates and the customer-service window on a Cloud API connection, through the whole server
 * against the local fake Graph API (decisions 0390–0391): the WABA's list read and kept per
 * connection, the admin's test of the token, a template sent and stored with its rendered text,
 * and free-form sends refused 24 hours after the customer's last message (injected clock) while
 * templates still go — a sandbox connection has no window.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ListMessagesResponse, type ListTemplatesResponse, type MessageDto, type WhatsappDto } from '@balcao/shared';
import type { Clock } from '../../../infra/clock';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../../test/helpers/world';
import { startFakeGraph, type FakeGraph, type FakeTemplate } from './test/fake-graph';
import { change, textFrom } from './test/webhooks';

const TOKEN = 'EAAG-cloud-templates-token';
const PHONE_ID = '106540352240077';
const WABA = '102290129340377';
const SECRET = 'app-secret-templates-0123456';
const CUSTOMER = '5561981230077';
const HOOK = '/channels/whatsapp-cloud/webhook';
const HOUR = 60 * 60_000;

/** The server's clock, moved by the tests (the window is judged by it). */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

let app: TestApp;
let graph: FakeGraph;
let a: TestCompany;
let wa: WhatsappDto;

const ORDER: FakeTemplate = {
  name: 'pedido_pronto',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto para retirada.' },
    { type: 'FOOTER', text: 'Loja Balcão' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Obrigado' }] },
  ],
};
const PROMO: FakeTemplate = {
  name: 'promo_foto',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'MARKETING',
  parameter_format: 'NAMED',
  components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Oi {{nome}}, novidades da semana!' }],
};
const PENDING: FakeTemplate = { name: 'em_revisao', language: 'pt_BR', status: 'PENDING', category: 'UTILITY', components: [{ type: 'BODY', text: 'Ainda não' }] };

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_ID, wabaId: WABA, displayNumber: '+55 61 3333-0077' });
  graph.templates.push(ORDER, PROMO, PENDING);
  app = await createTestApp({ clock, config: { allowPrivateHosts: true, whatsappCloud: { baseUrl: graph.base, apiVersion: 'v25.0' } } });
  a = await createCompany(app);
  const cloud = { phoneNumberId: PHONE_ID, wabaId: WABA, accessToken: TOKEN, appSecret: SECRET, verifyToken: 'verify-token-templates-0077' };
  wa = (await api(app, a.adminToken).post<WhatsappDto>('/whatsapp', { name: 'Oficial', provider: 'cloud', cloud })).body;
  expect((await api(app, a.adminToken).post<WhatsappDto>(`/whatsappsession/${wa.id}`, {})).body.status).toBe('CONNECTED');
});
afterAll(async () => {
  // Every send of the file has gone (acked or failed) before the app closes: work still running
  // would write on a closed database.
  if (app) await vi.waitFor(async () => expect((await app.owner`select count(*)::int as n from messages where company_id = ${a.companyId} and from_me and ack = 0`)[0]!.n).toBe(0), { timeout: 15_000, interval: 50 });
  // And the listeners the last messages started (tickets, assignment) have finished.
  await app?.bus.idle();
  await app?.close();
  await graph?.close();
});

/** A customer message by Meta's webhook; answers its ticket once stored, opened and assigned to the admin. */
const customerWrites = async (body: string): Promise<number> => {
  const { body: raw, headers } = graph.signed(SECRET, change(PHONE_ID, { messages: [textFrom(CUSTOMER, body, { timestamp: String(Math.floor(clock.now().getTime() / 1000)) })] }));
  expect((await app.app.inject({ method: 'POST', url: HOOK, headers, payload: raw })).statusCode).toBe(200);
  let ticketId = 0;
  await vi.waitFor(
    async () => {
      const [r] = await app.owner`select ticket_id from messages where company_id = ${a.companyId} and body = ${body}`;
      expect(r).toBeDefined();
      ticketId = r!.ticket_id as number;
    },
    { timeout: 10_000, interval: 20 },
  );
  await api(app, a.adminToken).put(`/tickets/${ticketId}`, { status: 'open', userId: a.admin.id });
  return ticketId;
};
const templateSends = () => graph.sends.filter((s) => s.body.type === 'template');

describe('GET /whatsapp/:id/templates', () => {
  it("lists the WABA's templates with their parts and the placeholders to fill, header first", async () => {
    const r = await api(app, a.adminToken).get<ListTemplatesResponse>(`/whatsapp/${wa.id}/templates`);
    expect(r.status).toBe(200);
    expect(r.body.templates.map((t) => [t.name, t.status])).toEqual([['em_revisao', 'PENDING'], ['pedido_pronto', 'APPROVED'], ['promo_foto', 'APPROVED']]);
    expect(r.body.templates[1]).toEqual({
      name: 'pedido_pronto',
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      header: { format: 'TEXT', text: 'Pedido {{1}}' },
      body: 'Olá {{1}}, seu pedido {{2}} está pronto para retirada.',
      footer: 'Loja Balcão',
      buttons: ['Obrigado'],
      params: [{ part: 'header', name: '1' }, { part: 'body', name: '1' }, { part: 'body', name: '2' }],
      parameterFormat: 'POSITIONAL',
    });
    expect(r.body.templates[2]).toMatchObject({ header: { format: 'IMAGE' }, params: [{ part: 'body', name: 'nome' }], parameterFormat: 'NAMED' });
  });

  it("keeps the list a few minutes per connection; refresh reads Meta's again, every page", async () => {
    const agent = await a.addUser({});
    const reads = graph.templateReads.length;
    await api(app, agent.token).get(`/whatsapp/${wa.id}/templates`);
    expect(graph.templateReads.length).toBe(reads);
    const many = Array.from({ length: 150 }, (_, i): FakeTemplate => ({ name: `lote_${String(i).padStart(3, '0')}`, language: 'en_US', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: `n ${i}` }] }));
    graph.templates.push(...many);
    const r = await api(app, agent.token).get<ListTemplatesResponse>(`/whatsapp/${wa.id}/templates?refresh=true`);
    expect(r.body.templates).toHaveLength(153);
    expect(graph.templateReads.slice(reads)).toEqual(['', expect.any(String)]);
    graph.templates.splice(3);
    await api(app, agent.token).get(`/whatsapp/${wa.id}/templates?refresh=1`);
  });

  it('a sandbox connection has none (400); a refused token is answered with its code', async () => {
    const r = await api(app, a.adminToken).get<{ error: string }>(`/whatsapp/${a.whatsapp.id}/templates`);
    expect([r.status, r.body.error]).toEqual([400, 'ERR_VALIDATION']);
    graph.fail({ kind: 'token' }, 1);
    const refused = await api(app, a.adminToken).get<{ error: string }>(`/whatsapp/${wa.id}/templates?refresh=true`);
    expect([refused.status, refused.body.error]).toEqual([409, 'ERR_WAPP_NOT_INITIALIZED']);
  });
});

describe('POST /whatsapp/:id/test', () => {
  it("reads the number with the stored token: Meta's facts, or Meta's refusal; admins only", async () => {
    const admin = api(app, a.adminToken);
    expect((await admin.post(`/whatsapp/${wa.id}/test`)).body).toEqual({ ok: true, displayPhoneNumber: '+55 61 3333-0077', verifiedName: 'Balcão Teste', qualityRating: 'GREEN', messagingLimit: 'TIER_2K' });
    graph.fail({ kind: 'token' }, 1);
    expect((await admin.post(`/whatsapp/${wa.id}/test`)).body).toEqual({ ok: false, errorCode: 190, error: expect.stringContaining('Session has expired') });
    const agent = await a.addUser({});
    expect((await api(app, agent.token).post(`/whatsapp/${wa.id}/test`)).status).toBe(403);
    expect((await admin.post(`/whatsapp/${a.whatsapp.id}/test`)).status).toBe(400);
  });
});

describe("the number's quality rating and messaging limit (decision 0450)", () => {
  it("are read from Meta's current fields on the test and kept on the connection, shown in its DTO", async () => {
    const admin = api(app, a.adminToken);
    graph.numberFacts = { quality_rating: 'YELLOW', whatsapp_business_manager_messaging_limit: 'TIER_10K' };
    const reads = graph.numberReads.length;
    expect((await admin.post(`/whatsapp/${wa.id}/test`)).body).toMatchObject({ ok: true, qualityRating: 'YELLOW', messagingLimit: 'TIER_10K' });
    expect(graph.numberReads.slice(reads)).toEqual(['display_phone_number,verified_name,quality_rating,whatsapp_business_manager_messaging_limit,messaging_limit_tier']);
    const dto = (await admin.get<WhatsappDto>(`/whatsapp/${wa.id}`)).body;
    expect(dto.cloud).toMatchObject({ qualityRating: 'YELLOW', messagingLimit: 'TIER_10K', checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    // A token refused leaves what Meta said last.
    graph.fail({ kind: 'token' }, 1);
    await admin.post(`/whatsapp/${wa.id}/test`);
    expect((await admin.get<WhatsappDto>(`/whatsapp/${wa.id}`)).body.cloud).toMatchObject({ qualityRating: 'YELLOW', messagingLimit: 'TIER_10K' });
  });

  it("a template refresh reads them too; an account of before October 2025 answers the number's own tier", async () => {
    graph.numberFacts = { quality_rating: 'RED', messaging_limit_tier: 'TIER_1K' };
    await api(app, a.adminToken).get(`/whatsapp/${wa.id}/templates?refresh=true`);
    expect((await api(app, a.adminToken).get<WhatsappDto>(`/whatsapp/${wa.id}`)).body.cloud).toMatchObject({ qualityRating: 'RED', messagingLimit: 'TIER_1K' });
    // A list from the copy reads nothing.
    const reads = graph.numberReads.length;
    await api(app, a.adminToken).get(`/whatsapp/${wa.id}/templates`);
    expect(graph.numberReads.length).toBe(reads);
    graph.numberFacts = { quality_rating: 'GREEN', whatsapp_business_manager_messaging_limit: 'TIER_2K' };
  });
});

describe('a template send', () => {
  let ticketId: number;
  beforeAll(async () => {
    ticketId = await customerWrites('Quero saber do meu pedido');
  });

  it("goes to Meta with its parameters by position, stored and shown with the text the customer sees", async () => {
    const before = templateSends().length;
    const r = await api(app, a.adminToken).post<MessageDto>(`/messages/${ticketId}`, { template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['#42', 'Maria', '42'] } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ fromMe: true, ack: 0, body: '*Pedido #42*\n\nOlá Maria, seu pedido 42 está pronto para retirada.\n\nLoja Balcão' });
    await vi.waitFor(() => expect(templateSends().length).toBe(before + 1), { timeout: 10_000, interval: 20 });
    const sent = templateSends().at(-1)!;
    expect(sent.body).toMatchObject({
      to: CUSTOMER,
      biz_opaque_callback_data: expect.any(String),
      template: {
        name: 'pedido_pronto',
        language: { code: 'pt_BR' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: '#42' }] },
          { type: 'body', parameters: [{ type: 'text', text: 'Maria' }, { type: 'text', text: '42' }] },
        ],
      },
    });
    await vi.waitFor(async () => expect((await app.owner`select ack from messages where id = ${r.body.id}`)[0]!.ack).toBe(1), { timeout: 10_000, interval: 20 });
  });

  it('a media header goes by its link and a NAMED template names each parameter', async () => {
    const before = templateSends().length;
    const r = await api(app, a.adminToken).post<MessageDto>(`/messages/${ticketId}`, { template: { name: 'promo_foto', language: 'pt_BR', variables: ['Maria'], headerMediaUrl: 'https://cdn.example.com/promo.jpg' } });
    expect([r.status, r.body.body]).toEqual([200, 'Oi Maria, novidades da semana!']);
    await vi.waitFor(() => expect(templateSends().length).toBe(before + 1), { timeout: 10_000, interval: 20 });
    expect(templateSends().at(-1)!.body.template).toEqual({
      name: 'promo_foto',
      language: { code: 'pt_BR' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/promo.jpg' } }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Maria', parameter_name: 'nome' }] },
      ],
    });
  });

  it('refuses what Meta would: an unknown or unapproved template (404), variables of the wrong count, a media header without its link (400); nothing stored', async () => {
    const admin = api(app, a.adminToken);
    const count = async () => (await app.owner`select count(*)::int as n from messages where ticket_id = ${ticketId}`)[0]!.n as number;
    const before = await count();
    const send = (template: object) => admin.post<{ error: string }>(`/messages/${ticketId}`, { template });
    expect((await send({ name: 'nao_existe', language: 'pt_BR', variables: [] })).body.error).toBe('ERR_NO_TEMPLATE_FOUND');
    expect((await send({ name: 'em_revisao', language: 'pt_BR', variables: [] })).status).toBe(404);
    expect((await send({ name: 'pedido_pronto', language: 'en_US', variables: ['1', '2', '3'] })).status).toBe(404);
    expect((await send({ name: 'pedido_pronto', language: 'pt_BR', variables: ['só um'] })).status).toBe(400);
    expect((await send({ name: 'promo_foto', language: 'pt_BR', variables: ['Maria'] })).status).toBe(400);
    expect((await send({ name: 'pedido_pronto', language: 'pt_BR', variables: ['1', '2', '3'], headerMediaUrl: 'https://cdn.example.com/x.jpg' })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a template approved in Meta after the list was read is found by reading it again', async () => {
    graph.templates.push({ name: 'novo_modelo', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Acabou de ser aprovado' }] });
    const r = await api(app, a.adminToken).post<MessageDto>(`/messages/${ticketId}`, { template: { name: 'novo_modelo', language: 'pt_BR' } });
    expect([r.status, r.body.body]).toEqual([200, 'Acabou de ser aprovado']);
  });

  it('is refused on a sandbox ticket (templates are the Cloud API’s)', async () => {
    await a.inbound('5561981239999', 'oi pelo sandbox');
    const t = (await a.pendingTickets()).find((x) => x.whatsappId === a.whatsapp.id)!;
    await api(app, a.adminToken).put(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id });
    const r = await api(app, a.adminToken).post<{ error: string }>(`/messages/${t.id}`, { template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['1', '2', '3'] } });
    expect([r.status, r.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });
});

describe('the 24-hour customer-service window', () => {
  it('is open after the customer writes; 25 hours later free-form sends are ERR_WINDOW_CLOSED, templates still go, and the conversation says so', async () => {
    offsetMs = 0;
    const ticketId = await customerWrites('Bom dia, vocês abrem amanhã?');
    const admin = api(app, a.adminToken);
    const page = await admin.get<ListMessagesResponse>(`/messages/${ticketId}`);
    expect(page.body.window).toEqual({ open: true, closesAt: expect.any(String) });
    expect((await admin.post(`/messages/${ticketId}`, { body: 'Abrimos sim!' })).status).toBe(200);

    offsetMs = 25 * HOUR;
    try {
      expect((await admin.get<ListMessagesResponse>(`/messages/${ticketId}`)).body.window).toEqual({ open: false, closesAt: page.body.window!.closesAt });
      const refused = await admin.post<{ error: string; details?: { closesAt: string } }>(`/messages/${ticketId}`, { body: 'Ainda precisa de ajuda?' });
      expect([refused.status, refused.body.error]).toEqual([409, 'ERR_WINDOW_CLOSED']);
      const media = await app.app.inject({
        method: 'POST',
        url: `/messages/${ticketId}`,
        headers: { authorization: `Bearer ${a.adminToken}`, 'content-type': 'multipart/form-data; boundary=X' },
        payload: '--X\r\ncontent-disposition: form-data; name="medias"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\nola\r\n--X--\r\n',
      });
      expect([media.statusCode, JSON.parse(media.body).error]).toEqual([409, 'ERR_WINDOW_CLOSED']);
      expect((await app.owner`select count(*)::int as n from messages where ticket_id = ${ticketId} and body = 'Ainda precisa de ajuda?'`)[0]!.n).toBe(0);
      const template = await admin.post<MessageDto>(`/messages/${ticketId}`, { template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['#7', 'Ana', '7'] } });
      expect(template.status).toBe(200);

      // The customer answers: the window opens again for 24 hours from that message.
      await customerWrites('Obrigada, vou buscar');
      expect((await admin.get<ListMessagesResponse>(`/messages/${ticketId}`)).body.window?.open).toBe(true);
      expect((await admin.post(`/messages/${ticketId}`, { body: 'Até logo!' })).status).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('a sandbox connection has no window: its conversation carries none and free-form goes after 25 hours', async () => {
    await a.inbound('5561981238888', 'cliente do sandbox');
    const t = (await a.pendingTickets()).find((x) => x.whatsappId === a.whatsapp.id)!;
    await api(app, a.adminToken).put(`/tickets/${t.id}`, { status: 'open', userId: a.admin.id });
    offsetMs = 25 * HOUR;
    try {
      expect((await api(app, a.adminToken).get<ListMessagesResponse>(`/messages/${t.id}`)).body.window).toBeUndefined();
      expect((await api(app, a.adminToken).post(`/messages/${t.id}`, { body: 'sem janela' })).status).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });
});
