/**
 * The Asaas client against a local fake of its REST API (no outside network): customers found or
 * created, a PIX payment at the invoice's value, its QR; the charge re-read; the webhook token;
 * and the failures a real service has (5xx, a timeout, a body that is not JSON, an oversized one).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalServer } from '../../../test/helpers/local-server';
import { createAsaasProvider } from './asaas-provider';
import { brCode, brCodeValid, crc16 } from './pix';
import { ProviderError } from './provider';

interface Seen {
  method: string;
  url: string;
  token: string | undefined;
  body: unknown;
}
let seen: Seen[] = [];
/** What the fake answers next for a path (default: the happy Asaas answers). */
let override: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
let payments: Record<string, { status: string; value: number; paymentDate?: string }> = {};
let server: { base: string; close: () => Promise<void> };

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, token: req.headers['access_token'] as string | undefined, body: raw ? JSON.parse(raw) : undefined });
      if (override?.(req, res)) return;
      const url = new URL(req.url!, 'http://x');
      if (req.method === 'GET' && url.pathname === '/v3/customers') return json(res, 200, { data: url.searchParams.get('externalReference') === 'balcao-company-7' ? [{ id: 'cus_7' }] : [] });
      if (req.method === 'POST' && url.pathname === '/v3/customers') return json(res, 200, { id: 'cus_new' });
      if (req.method === 'POST' && url.pathname === '/v3/payments') {
        const body = JSON.parse(raw) as { value: number };
        payments.pay_1 = { status: 'PENDING', value: body.value };
        return json(res, 200, { id: 'pay_1', status: 'PENDING', value: body.value, dueDate: '2030-01-10' });
      }
      if (req.method === 'GET' && url.pathname === '/v3/payments/pay_1/pixQrCode') return json(res, 200, { encodedImage: 'iVBORw0KGgo=', payload: brCode({ key: 'k@asaas', amount: payments.pay_1!.value, merchantName: 'Asaas', merchantCity: 'Joinville', txid: 'pay1' }), expirationDate: '2030-01-10 23:59:59' });
      const m = /^\/v3\/payments\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m && payments[m[1]!]) return json(res, 200, { id: m[1], ...payments[m[1]!] });
      json(res, 404, { errors: [{ code: 'not_found' }] });
    });
  });
});
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  override = undefined;
  payments = {};
});

const provider = (over: Partial<Parameters<typeof createAsaasProvider>[0]> = {}) =>
  createAsaasProvider({ baseUrl: `${server.base}/v3`, apiKey: 'chave-asaas', webhookToken: 'token-do-webhook-asaas', timeoutMs: 300, retries: 2, ...over });
const invoice = { id: 42, companyId: 7, value: 149.9, dueDate: '2030-01-10', detail: 'Plano Pro' };
const company = { id: 7, name: 'Padaria', email: 'padaria@example.com', phone: '5511999990000' };

describe('Asaas createCharge', () => {
  it("reuses the company's customer and charges the invoice's value by PIX, with its QR", async () => {
    const charge = await provider().createCharge({ invoice, company, payer: {} });
    expect(charge).toMatchObject({ chargeId: 'pay_1', value: 149.9, qrImage: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(brCodeValid(charge.pixCode)).toBe(true);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /v3/customers?externalReference=balcao-company-7&limit=1', 'POST /v3/payments', 'GET /v3/payments/pay_1/pixQrCode']);
    expect(seen.every((s) => s.token === 'chave-asaas')).toBe(true);
    expect(seen[1]!.body).toEqual({ customer: 'cus_7', billingType: 'PIX', value: 149.9, dueDate: '2030-01-10', description: 'Plano Pro', externalReference: 'balcao-invoice-42' });
  });

  it('creates the customer once when Asaas has none, with the payer of the checkout', async () => {
    await provider().createCharge({ invoice: { ...invoice, companyId: 8 }, company: { ...company, id: 8 }, payer: { name: 'Ana Paga', cpfCnpj: '12345678909', zipcode: '01001-000' } });
    expect(seen[1]).toMatchObject({ method: 'POST', url: '/v3/customers', body: { name: 'Ana Paga', cpfCnpj: '12345678909', postalCode: '01001-000', externalReference: 'balcao-company-8' } });
    expect((seen[2]!.body as { customer: string }).customer).toBe('cus_new');
  });

  it('never retries the payment POST (a second one could charge twice): a 500 fails at once', async () => {
    override = (req, res) => (req.method === 'POST' && req.url === '/v3/payments' ? (json(res, 500, { errors: [] }), true) : false);
    await expect(provider().createCharge({ invoice, company, payer: {} })).rejects.toThrow(ProviderError);
    expect(seen.filter((s) => s.url === '/v3/payments')).toHaveLength(1);
  });
});

describe('Asaas getCharge', () => {
  it('maps RECEIVED to paid with its date, PENDING to pending', async () => {
    payments.pay_9 = { status: 'RECEIVED', value: 149.9, paymentDate: '2030-01-09' };
    payments.pay_8 = { status: 'PENDING', value: 149.9 };
    expect(await provider().getCharge('pay_9')).toEqual({ status: 'paid', value: 149.9, paidAt: new Date('2030-01-09T12:00:00Z') });
    expect(await provider().getCharge('pay_8')).toEqual({ status: 'pending', value: 149.9, paidAt: null });
  });

  it('retries a read after a 500, twice at most, then fails', async () => {
    payments.pay_9 = { status: 'RECEIVED', value: 1 };
    let failures = 1;
    override = (_req, res) => (failures-- > 0 ? (json(res, 500, {}), true) : false);
    expect((await provider().getCharge('pay_9')).status).toBe('paid');
    seen = [];
    override = (_req, res) => (json(res, 503, {}), true);
    await expect(provider().getCharge('pay_9')).rejects.toMatchObject({ reason: expect.stringContaining('HTTP 503') });
    expect(seen).toHaveLength(3);
  });

  it('gives up on a service that does not answer in time', async () => {
    override = () => true; // never answers
    const started = Date.now();
    await expect(provider({ retries: 1 }).getCharge('pay_9')).rejects.toMatchObject({ reason: expect.stringContaining('timeout') });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a body that is not JSON, one of the wrong shape, and an oversized one', async () => {
    override = (_req, res) => (res.writeHead(200, { 'content-type': 'application/json' }), res.end('<html>oops'), true);
    await expect(provider().getCharge('pay_9')).rejects.toMatchObject({ reason: expect.stringContaining('not JSON') });
    override = (_req, res) => (json(res, 200, { id: 'pay_9', status: 'RECEIVED', value: 'muito' }), true);
    await expect(provider().getCharge('pay_9')).rejects.toMatchObject({ reason: expect.stringContaining('unexpected answer') });
    override = (_req, res) => (json(res, 200, { id: 'pay_9', status: 'RECEIVED', value: 1, pad: 'x'.repeat(5000) }), true);
    await expect(provider({ maxBytes: 1000 }).getCharge('pay_9')).rejects.toMatchObject({ reason: expect.stringContaining('too large') });
  });

  it('a 404 is not retried', async () => {
    await expect(provider().getCharge('pay_404')).rejects.toMatchObject({ reason: expect.stringContaining('HTTP 404') });
    expect(seen).toHaveLength(1);
  });
});

describe('Asaas webhook', () => {
  it('accepts only the configured asaas-access-token', () => {
    const p = provider();
    expect(p.verifyWebhook({ headers: { 'asaas-access-token': 'token-do-webhook-asaas' }, body: {} })).toBe(true);
    expect(p.verifyWebhook({ headers: { 'asaas-access-token': 'token-do-webhook-asaaX' }, body: {} })).toBe(false);
    expect(p.verifyWebhook({ headers: {}, body: {} })).toBe(false);
    expect(p.verifyWebhook({ headers: { 'asaas-access-token': ['token-do-webhook-asaas'] }, body: {} })).toBe(false);
    expect(provider({ webhookToken: '' }).verifyWebhook({ headers: { 'asaas-access-token': '' }, body: {} })).toBe(false);
  });

  it('reads the event id and the payment id; other events are ignored', () => {
    const p = provider();
    expect(p.parseWebhook({ id: 'evt_1', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_1', value: 1 } })).toEqual({ eventId: 'evt_1', chargeId: 'pay_1' });
    expect(p.parseWebhook({ event: 'PAYMENT_CONFIRMED', payment: { id: 'pay_1' } })).toEqual({ eventId: 'PAYMENT_CONFIRMED:pay_1', chargeId: 'pay_1' });
    expect(p.parseWebhook({ id: 'evt_2', event: 'SUBSCRIPTION_CREATED', payment: { id: 'pay_1' } })).toBeNull();
    expect(p.parseWebhook({ id: 'evt_3' })).toBeNull();
  });
});

describe('PIX BR Code', () => {
  it('computes CRC16/CCITT-FALSE (the check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('builds a code whose CRC checks, and notices a changed amount', () => {
    const code = brCode({ key: 'pagamentos@balcao.sandbox', amount: 149.9, merchantName: 'Balcão Sandbox', merchantCity: 'São Paulo', txid: 'sbx_1_abc' });
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('5406149.90');
    expect(code).toContain('5802BR5914BALCAO SANDBOX6009SAO PAULO');
    expect(brCodeValid(code)).toBe(true);
    expect(brCodeValid(code.replace('149.90', '149.91'))).toBe(false);
  });
});
