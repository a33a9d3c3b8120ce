/**
 * Campaigns and the number-health gate on a Cloud API connection (issue 29 §3; decisions 0451–0452),
 * through the whole server against the local fake Graph API: a campaign there is an approved
 * template whose variables are filled per contact (the fake records name, language and
 * parameters), a free-form one is refused with the catalogue's code, a confirmation campaign asks
 * by template and sends its main message after the reply, and the gate refuses a free-form gated
 * send to a customer outside the 24-hour window.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignDto, WhatsappDto } from '@balcao/shared';
import type { Clock } from '../../infra/clock';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../test/helpers/world';
import { createNumberHealth } from '../number-health';
import { startFakeGraph, type FakeGraph, type FakeTemplate } from '../whatsapp/cloud/test/fake-graph';
import { change, textFrom } from '../whatsapp/cloud/test/webhooks';

const TOKEN = 'EAAG-cloud-campaigns-token';
const PHONE_ID = '106540352240088';
const WABA = '102290129340388';
const SECRET = 'app-secret-campaigns-0123456';
const HOOK = '/channels/whatsapp-cloud/webhook';

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
    { type: 'HEADER', format: 'TEXT', text: 'Loja {{1}}' },
    { type: 'BODY', text: 'Olá {{1}}, seu número {{2}} está na lista.' },
  ],
};
const ASK: FakeTemplate = { name: 'posso_enviar', language: 'pt_BR', status: 'APPROVED', category: 'MARKETING', parameter_format: 'NAMED', components: [{ type: 'BODY', text: 'Oi {{nome}}, podemos mandar novidades?' }] };
const orderTemplate = { name: 'pedido_pronto', language: 'pt_BR', variables: ['{loja}', '{nome}', '{numero}'] };

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_ID, wabaId: WABA });
  graph.templates.push(ORDER, ASK);
  app = await createTestApp({ clock, config: { allowPrivateHosts: true, whatsappCloud: { baseUrl: graph.base, apiVersion: 'v25.0' } } });
  a = await createCompany(app);
  const cloud = { phoneNumberId: PHONE_ID, wabaId: WABA, accessToken: TOKEN, appSecret: SECRET, verifyToken: 'verify-token-campaigns-0088' };
  wa = (await api(app, a.adminToken).post<WhatsappDto>('/whatsapp', { name: 'Oficial', provider: 'cloud', cloud })).body;
  expect((await api(app, a.adminToken).post<WhatsappDto>(`/whatsappsession/${wa.id}`, {})).body.status).toBe('CONNECTED');
  await api(app, a.adminToken).post('/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [{ key: 'loja', value: 'Centro' }] } });
  await app.owner`update whatsapps set gate_rate_per_minute = 0, gate_daily_cap = 0, gate_warmup_days = 0, gate_jitter_ms = 0 where company_id = ${a.companyId}`;
}, 60_000);
afterAll(async () => {
  if (app) await vi.waitFor(async () => expect((await app.owner`select count(*)::int as n from messages where company_id = ${a.companyId} and from_me and ack = 0`)[0]!.n).toBe(0), { timeout: 15_000, interval: 50 });
  await app?.bus.idle();
  await app?.close();
  await graph?.close();
});

let seq = 0;
const phone = () => `55619${String(80_000_000 + ++seq * 7919).padStart(8, '0')}`;
const tagged = async (numbers: string[], names: string[]) => {
  const [tag] = await app.owner<{ id: number }[]>`insert into tags (company_id, name, color) values (${a.companyId}, ${`cloud${++seq}`}, '#112233') returning id`;
  for (const [i, n] of numbers.entries()) {
    const [c] = await app.owner<{ id: number }[]>`insert into contacts (company_id, name, number, email) values (${a.companyId}, ${names[i]!}, ${n}, '') returning id`;
    await app.owner`insert into contact_tags (company_id, contact_id, tag_id) values (${a.companyId}, ${c!.id}, ${tag!.id})`;
  }
  return tag!.id;
};
const post = (body: Record<string, unknown>) => api(app, a.adminToken).post<CampaignDto & { error?: string }>('/campaigns', body);
const show = async (id: number) => (await api(app, a.adminToken).get<CampaignDto>(`/campaigns/${id}`)).body;
const until = (id: number, ok: (c: CampaignDto) => boolean) =>
  vi.waitFor(
    async () => {
      const c = await show(id);
      expect(ok(c), JSON.stringify(c.report)).toBe(true);
      return c;
    },
    { timeout: 20_000, interval: 100 },
  );
const sendsTo = (n: string) => graph.sends.filter((s) => s.body.to === n);
/** The customer writes through Meta's signed webhook. */
const customerWrites = async (from: string, body: string) => {
  const { body: raw, headers } = graph.signed(SECRET, change(PHONE_ID, { messages: [textFrom(from, body, { timestamp: String(Math.floor(clock.now().getTime() / 1000)) })] }));
  expect((await app.app.inject({ method: 'POST', url: HOOK, headers, payload: raw })).statusCode).toBe(200);
};

describe('saving a campaign on a Cloud API connection', () => {
  it('refuses a free-form campaign with ERR_CAMPAIGN_NEEDS_TEMPLATE, scheduled or not', async () => {
    for (const scheduledAt of [null, '2999-01-01T00:00:00.000Z']) {
      const r = await post({ name: 'Livre', message1: 'Oi {nome}', whatsappId: wa.id, scheduledAt });
      expect([r.status, r.body.error]).toEqual([400, 'ERR_CAMPAIGN_NEEDS_TEMPLATE']);
    }
    expect((await app.owner`select count(*)::int as n from campaigns where company_id = ${a.companyId}`)[0]!.n).toBe(0);
  });

  it("checks the template against Meta's approved list and its variables; a sandbox connection takes none", async () => {
    const missing = await post({ name: 'Sem modelo', whatsappId: wa.id, template: { ...orderTemplate, name: 'nao_existe' } });
    expect([missing.status, missing.body.error]).toEqual([404, 'ERR_NO_TEMPLATE_FOUND']);
    const short = await post({ name: 'Faltando', whatsappId: wa.id, template: { ...orderTemplate, variables: ['{nome}'] } });
    expect([short.status, short.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const sandbox = await post({ name: 'Sandbox', message1: 'Oi', whatsappId: a.whatsapp.id, template: orderTemplate });
    expect([sandbox.status, sandbox.body.error]).toEqual([400, 'ERR_VALIDATION']);
    // Before the customer answers only the template goes: no file list without a confirmation.
    const [list] = await app.owner<{ id: number }[]>`insert into file_lists (company_id, name) values (${a.companyId}, 'Catálogo') returning id`;
    const files = await post({ name: 'Com arquivos', whatsappId: wa.id, template: orderTemplate, fileListId: list!.id });
    expect([files.status, files.body.error]).toEqual([400, 'ERR_VALIDATION']);
    const ok = await post({ name: 'Com modelo', whatsappId: wa.id, template: orderTemplate });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.template).toEqual(orderTemplate);
    // Switching it to the sandbox connection with the template kept is refused as well.
    const moved = await api(app, a.adminToken).put<{ error: string }>(`/campaigns/${ok.body.id}`, { name: 'Com modelo', message1: 'Oi', whatsappId: a.whatsapp.id, template: orderTemplate });
    expect([moved.status, moved.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });
});

describe('a Cloud campaign run', () => {
  it("sends each contact the template with their own variables, once, stored with the text the customer sees", async () => {
    const numbers = [phone(), phone()];
    const tag = await tagged(numbers, ['Ana', 'Bruno']);
    const c = await post({ name: 'Modelo', whatsappId: wa.id, tagListId: tag, template: orderTemplate, scheduledAt: new Date().toISOString() });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const done = await until(c.body.id, (d) => d.status === 'FINALIZADA');
    expect(done.report).toMatchObject({ planned: 2, sent: 2, failed: 0 });
    // The ledger says sent when the message is queued; its send job then reaches Meta.
    await vi.waitFor(() => expect(numbers.map((n) => sendsTo(n).length)).toEqual([1, 1]), { timeout: 10_000, interval: 50 });
    for (const [i, n] of numbers.entries()) {
      const sent = sendsTo(n);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toMatchObject({
        type: 'template',
        template: {
          name: 'pedido_pronto',
          language: { code: 'pt_BR' },
          components: [
            { type: 'header', parameters: [{ type: 'text', text: 'Centro' }] },
            { type: 'body', parameters: [{ type: 'text', text: ['Ana', 'Bruno'][i] }, { type: 'text', text: n }] },
          ],
        },
      });
    }
    const [m] = await app.owner<{ body: string }[]>`select m.body from messages m join contacts c on c.id = m.contact_id where m.company_id = ${a.companyId} and m.from_me and c.number = ${numbers[0]!}`;
    expect(m!.body).toBe(`*Loja Centro*\n\nOlá Ana, seu número ${numbers[0]} está na lista.`);
  });

  it('a contact whose variable would be blank fails alone (Meta refuses an empty parameter)', async () => {
    const [n1, n2] = [phone(), phone()];
    const tag = await tagged([n1, n2], ['Carla', 'Dan']);
    const c = await post({ name: 'E-mail', whatsappId: wa.id, tagListId: tag, template: { ...orderTemplate, variables: ['{loja}', '{nome}', '{email}'] }, scheduledAt: new Date().toISOString() });
    const done = await until(c.body.id, (d) => d.status === 'FINALIZADA');
    expect(done.report).toMatchObject({ planned: 2, sent: 0, failed: 2 });
    expect([...sendsTo(n1), ...sendsTo(n2)]).toEqual([]);
  });

  it('with confirmation: asks by template, and the main message goes free-form after the customer answers', async () => {
    const n = phone();
    const tag = await tagged([n], ['Eva']);
    const c = await post({ name: 'Confirma', whatsappId: wa.id, tagListId: tag, confirmation: true, message1: 'Aqui está, {nome}!', template: { name: 'posso_enviar', language: 'pt_BR', variables: ['{nome}'] }, scheduledAt: new Date().toISOString() });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    await until(c.body.id, (d) => d.report.confirmationRequested === 1);
    await vi.waitFor(() => expect(sendsTo(n)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(sendsTo(n).map((s) => s.body.template)).toEqual([{ name: 'posso_enviar', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Eva', parameter_name: 'nome' }] }] }]);
    await customerWrites(n, 'Sim');
    await until(c.body.id, (d) => d.report.sent === 1);
    await vi.waitFor(() => expect(sendsTo(n).filter((s) => s.body.type === 'text')).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(sendsTo(n).find((s) => s.body.type === 'text')?.body.text).toMatchObject({ body: 'Aqui está, Eva!' });
    expect(sendsTo(n).filter((s) => s.body.type === 'template')).toHaveLength(1);
  });
});

describe("the plan's monthly template cap on a campaign (decisions 0414, 0476)", () => {
  const month = () => clock.now().toISOString().slice(0, 7);
  const counted = async () => ((await app.owner`select count from whatsapp_template_sends where company_id = ${a.companyId} and month = ${month()}`)[0]?.count as number | undefined) ?? 0;
  const capAt = async (cap: number | null) => {
    const [p] = await app.owner`insert into plans (name, template_sends_per_month) values (${`Cap ${++seq}`}, ${cap}) returning id`;
    await app.owner`update companies set plan_id = ${p!.id as number} where id = ${a.companyId}`;
  };

  it("each template a campaign sends counts in the month; at the cap the contact's row fails with ERR_TEMPLATE_SEND_CAP and nothing goes", async () => {
    const before = await counted();
    await capAt(before + 1);
    try {
      const [n1, n2] = [phone(), phone()];
      const tag = await tagged([n1, n2], ['Hugo', 'Iris']);
      const c = await post({ name: 'Cota', whatsappId: wa.id, tagListId: tag, template: orderTemplate, scheduledAt: new Date().toISOString() });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      const done = await until(c.body.id, (d) => d.status === 'FINALIZADA');
      expect(done.report).toMatchObject({ planned: 2, sent: 1, failed: 1 });
      expect(await counted()).toBe(before + 1);
      expect(await app.owner`select error from campaign_shipping where campaign_id = ${c.body.id} and status = 'failed'`).toEqual([{ error: 'ERR_TEMPLATE_SEND_CAP' }]);
      await vi.waitFor(() => expect(sendsTo(n1).length + sendsTo(n2).length).toBe(1), { timeout: 10_000, interval: 50 });
    } finally {
      await capAt(null);
    }
  });
});

describe('the number-health gate on a Cloud API connection (decision 0452)', () => {
  it('refuses a free-form gated send to a customer outside the 24-hour window, never counted; a template goes', async () => {
    const health = createNumberHealth({ data: app.data, clock });
    const n = phone();
    await tagged([n], ['Fábio']);
    const ask = (template?: boolean) => health.admit({ companyId: a.companyId, whatsappId: wa.id, number: n, kind: 'schedule', template });
    const sentBefore = (await app.owner`select coalesce(sum(sent), 0)::int as n from send_gate_days where whatsapp_id = ${wa.id}`)[0]!.n as number;
    expect(await ask()).toEqual({ ok: false, reason: 'window', retryAt: null });
    expect((await app.owner`select coalesce(sum(sent), 0)::int as n from send_gate_days where whatsapp_id = ${wa.id}`)[0]!.n).toBe(sentBefore);
    expect(await ask(true)).toMatchObject({ ok: true });
    // The customer writes: free-form goes for 24 hours, then only templates again.
    await customerWrites(n, 'Oi, tudo bem?');
    await vi.waitFor(async () => expect(await ask()).toMatchObject({ ok: true }), { timeout: 10_000, interval: 50 });
    offsetMs = 25 * 60 * 60_000;
    try {
      expect(await ask()).toEqual({ ok: false, reason: 'window', retryAt: null });
    } finally {
      offsetMs = 0;
    }
    // A sandbox connection has no window.
    expect(await health.admit({ companyId: a.companyId, whatsappId: a.whatsapp.id, number: n, kind: 'schedule' })).toMatchObject({ ok: true });
  });

  it("a schedule on the Cloud number to a customer who never wrote ends ERRO with the window's reason, nothing sent", async () => {
    const n = phone();
    const [contact] = await app.owner<{ id: number }[]>`insert into contacts (company_id, name, number) values (${a.companyId}, 'Gil', ${n}) returning id`;
    // The contact has no conversation: the schedule goes through the company's default connection, the Cloud one here.
    await app.owner`update whatsapps set is_default = (id = ${wa.id}) where company_id = ${a.companyId}`;
    const r = await api(app, a.adminToken).post<{ id: number }>('/schedules', { body: 'Lembrete', sendAt: new Date().toISOString(), contactId: contact!.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await vi.waitFor(
      async () => {
        const [s] = await app.owner<{ status: string; error: string }[]>`select status, error from schedules where id = ${r.body.id}`;
        expect(s).toEqual({ status: 'ERRO', error: expect.stringContaining('24 horas') });
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(sendsTo(n)).toEqual([]);
    await app.owner`update whatsapps set is_default = (id = ${a.whatsapp.id}) where company_id = ${a.companyId}`;
  });
});
