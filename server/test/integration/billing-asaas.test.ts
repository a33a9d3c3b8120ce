/**
 * The whole checkout with PAYMENT_PROVIDER=asaas against a local fake of Asaas' API (no outside
 * network): POST /subscription creates the PIX payment at the invoice's value; Asaas' webhook is
 * accepted only with its token, the payment is re-read from Asaas (a body saying RECEIVED while
 * Asaas says PENDING changes nothing), and the due date moves on once. The sandbox's door is shut.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionResponse } from '@balcao/shared';
import { createTestApp, type TestApp } from '../helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { startLocalServer } from '../helpers/local-server';
import { api, createCompany, login, type TestCompany } from '../helpers/world';
import { brCode, createAsaasProvider, sandboxWebhookToken, SANDBOX_TOKEN_HEADER } from '../../src/modules/billing';
import { addMonths } from '../helpers/dates';

const TOKEN = 'token-do-webhook-asaas-local';
let fake: { base: string; close: () => Promise<void> };
let app: TestApp;
let c: TestCompany;
/** Asaas' side: the payments it holds. */
const payments: Record<string, { status: string; value: number }> = {};
const created: { value: number; customer: string }[] = [];

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  fake = await startLocalServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      if (req.headers['access_token'] !== 'chave-local') return json(res, 401, { errors: [{ code: 'invalid_access_token' }] });
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/api/v3/customers' && req.method === 'GET') return json(res, 200, { data: [] });
      if (url.pathname === '/api/v3/customers') return json(res, 200, { id: 'cus_1' });
      if (url.pathname === '/api/v3/payments' && req.method === 'POST') {
        const body = JSON.parse(raw) as { value: number; customer: string };
        created.push(body);
        const id = `pay_${created.length}`;
        payments[id] = { status: 'PENDING', value: body.value };
        return json(res, 200, { id, status: 'PENDING', value: body.value });
      }
      const qr = /^\/api\/v3\/payments\/(\w+)\/pixQrCode$/.exec(url.pathname);
      if (qr) return json(res, 200, { encodedImage: 'iVBORw0KGgo=', payload: brCode({ key: 'k@asaas', amount: payments[qr[1]!]!.value, merchantName: 'Asaas', merchantCity: 'Joinville', txid: qr[1]! }), expirationDate: '2099-01-01 23:59:59' });
      const one = /^\/api\/v3\/payments\/(\w+)$/.exec(url.pathname);
      if (one && payments[one[1]!]) return json(res, 200, { id: one[1], ...payments[one[1]!], paymentDate: '2026-11-26' });
      json(res, 404, {});
    });
  });
  app = await createTestApp({
    paymentProvider: createAsaasProvider({ baseUrl: `${fake.base}/api/v3`, apiKey: 'chave-local', webhookToken: TOKEN, timeoutMs: 2000, retries: 1 }),
  });
  c = await createCompany(app);
  const plan = (await app.owner<{ id: number }[]>`insert into plans (name, value) values ('Plano Asaas', 59.90) returning id`)[0]!.id;
  await app.owner`update companies set plan_id = ${plan}, recurrence = 'TRIMESTRAL', due_date = (now() at time zone timezone)::date + 2 where id = ${c.companyId}`;
  await app.owner`insert into invoices (company_id, detail, value, due_date, period) select id, 'Plano Asaas', 59.90, due_date, due_date::text from companies where id = ${c.companyId}`;
});
afterAll(async () => {
  await app?.close();
  await fake?.close().catch(() => undefined);
});

const due = async () => (await app.owner<{ d: string }[]>`select due_date::text as d from companies where id = ${c.companyId}`)[0]!.d;
const hook = (body: unknown, headers: Record<string, string> = { 'asaas-access-token': TOKEN }) => app.app.inject({ method: 'POST', url: '/subscription/webhook/asaas', headers, payload: body as object });

describe('checkout through Asaas', () => {
  it('charges the invoice value by PIX, accepts only the token, re-reads the payment and renews once', async () => {
    const [inv] = await app.owner<{ id: number }[]>`select id from invoices where company_id = ${c.companyId}`;
    const charge = await api(app, c.adminToken).post<SubscriptionResponse>('/subscription', { invoiceId: inv!.id, price: 0.01, cpfCnpj: '123.456.789-09' });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    expect(charge.body).toMatchObject({ provider: 'asaas', chargeId: 'pay_1', valor: { original: '59.90' }, qrcode: { imagemQrcode: 'data:image/png;base64,iVBORw0KGgo=' } });
    expect(created).toEqual([expect.objectContaining({ value: 59.9, customer: 'cus_1', billingType: 'PIX' })]);
    // The same invoice again: Asaas still has it pending, no second payment is created.
    expect((await api(app, c.adminToken).post<SubscriptionResponse>('/subscription', { invoiceId: inv!.id })).body.chargeId).toBe('pay_1');
    expect(created).toHaveLength(1);

    const before = await due();
    const body = { id: 'evt_a1', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_1', value: 59.9, status: 'RECEIVED' } };
    // Forged (no token, the sandbox's token): 401, nothing changes.
    expect((await hook(body, {})).statusCode).toBe(401);
    expect((await hook(body, { [SANDBOX_TOKEN_HEADER]: sandboxWebhookToken('test-secret-that-is-long-enough-for-hs256-signing') })).statusCode).toBe(401);
    expect((await app.app.inject({ method: 'POST', url: '/subscription/webhook/sandbox', headers: { [SANDBOX_TOKEN_HEADER]: sandboxWebhookToken('test-secret-that-is-long-enough-for-hs256-signing') }, payload: body })).statusCode).toBe(401);
    // Authentic, but Asaas says the payment is still pending: nothing changes.
    expect((await hook(body)).statusCode).toBe(200);
    expect(await due()).toBe(before);
    // Now paid at Asaas: once, by a quarter (TRIMESTRAL), however often it is delivered.
    payments.pay_1!.status = 'RECEIVED';
    const answers = await Promise.all([hook({ ...body, id: 'evt_a2' }), hook({ ...body, id: 'evt_a2' }), hook({ ...body, id: 'evt_a3', event: 'PAYMENT_CONFIRMED' })]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await due()).toBe(addMonths(before, 3));
    const [paid] = await app.owner`select status, paid_at::date::text as paid from invoices where id = ${inv!.id}`;
    expect(paid).toEqual({ status: 'paid', paid: '2026-11-26' });
  });

  it('shuts the sandbox door (its pay route) when Asaas is the provider', async () => {
    const su = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
    const r = await api(app, su).post<{ error: string }>('/sandbox/payments/pay_1/pay');
    expect([r.status, r.body.error]).toEqual([404, 'ERR_SANDBOX_DISABLED']);
  });

  it('answers a coded 502 when Asaas fails, and stores no charge', async () => {
    const other = await createCompany(app);
    const [inv] = await app.owner<{ id: number }[]>`insert into invoices (company_id, detail, value, due_date, period) values (${other.companyId}, 'X', 10, current_date, 'x') returning id`;
    await fake.close();
    const r = await api(app, other.adminToken).post<{ error: string }>('/subscription', { invoiceId: inv!.id });
    expect([r.status, r.body.error]).toEqual([502, 'ERR_PAYMENT_PROVIDER']);
    const [row] = await app.owner`select charge_id from invoices where id = ${inv!.id}`;
    expect(row).toEqual({ charge_id: null });
  });
});
