/**
 * The Cloud API cost ledger (issue 29 §7; decision 0410) through the whole server, against the
 * local fake Graph API: every status Meta signs with `pricing` is counted once per message id and
 * category (redeliveries and the sent/delivered/read of one message count once), in the UTC month
 * of the status, per connection; another company's number never counts for this one; and
 * `GET /whatsapp/:id/costs` answers the month per category with the estimate from the price table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudCostsResponse, WhatsappDto } from '@balcao/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers/build-app';
import { api, createCompany, type TestCompany } from '../../../../test/helpers/world';
import { pricedStatuses } from './cloud-costs';
import { startFakeGraph, type FakeGraph } from './test/fake-graph';
import { change, newWamid, statusOf } from './test/webhooks';
import type { CloudStatus } from './map-inbound';

const TOKEN = 'EAAG-cloud-costs-token';
const PHONE_A = '106540352250001';
const PHONE_B = '106540352259999';
const SECRET_A = 'app-secret-costs-company-a-01';
const SECRET_B = 'app-secret-costs-company-b-02';
const HOOK = '/channels/whatsapp-cloud/webhook';
const PRICES = { marketing: 0.5, utility: 0.1, authentication: 0.2, service: 0 };

let app: TestApp;
let graph: FakeGraph;
let a: TestCompany;
let b: TestCompany;
let wa: WhatsappDto;
let wb: WhatsappDto;

const cloud = (phoneNumberId: string, appSecret: string, verifyToken: string) => ({ phoneNumberId, wabaId: '102290129340398', accessToken: TOKEN, appSecret, verifyToken });
/** 2026-11-15 and 2026-10-31 23:59 UTC, as Meta's unix seconds. */
const NOV = String(Date.UTC(2026, 10, 15, 12) / 1000);
const OCT_LAST_MINUTE = String(Date.UTC(2026, 9, 31, 23, 59) / 1000);
const priced = (wamid: string, status: 'sent' | 'delivered' | 'read', category: string, timestamp = NOV, billable = true): CloudStatus => ({
  ...statusOf(wamid, status, { timestamp }),
  pricing: { billable, category, pricing_model: 'PMP', type: billable ? 'regular' : 'free_customer_service' },
});
const deliver = (phone: string, secret: string, statuses: CloudStatus[]) => graph.deliver(`${app.url}${HOOK}`, secret, change(phone, { statuses }));
const costs = (company: TestCompany, id: number, month = '2026-11') => api(app, company.adminToken).get<CloudCostsResponse>(`/whatsapp/${id}/costs?month=${month}`);
const counts = async (company: TestCompany, id: number, month = '2026-11') => Object.fromEntries((await costs(company, id, month)).body.categories.map((c) => [c.category, c.count]));

beforeAll(async () => {
  graph = await startFakeGraph({ token: TOKEN, phoneNumberId: PHONE_A, displayNumber: '+55 61 3333-0003' });
  app = await createTestApp({ config: { allowPrivateHosts: true, whatsappCloud: { baseUrl: graph.base, apiVersion: 'v25.0', prices: PRICES, currency: 'BRL' } } });
  a = await createCompany(app);
  b = await createCompany(app);
  wa = (await api(app, a.adminToken).post<WhatsappDto>('/whatsapp', { name: 'Oficial A', provider: 'cloud', cloud: cloud(PHONE_A, SECRET_A, 'verify-token-costs-a') })).body;
  wb = (await api(app, b.adminToken).post<WhatsappDto>('/whatsapp', { name: 'Oficial B', provider: 'cloud', cloud: cloud(PHONE_B, SECRET_B, 'verify-token-costs-b') })).body;
});
afterAll(async () => {
  await app?.close();
  await graph?.close();
});

describe('the priced statuses of a webhook change', () => {
  it('takes pricing.category (else the conversation origin) and the UTC month of the status; statuses without either are not priced', () => {
    const rows = pricedStatuses(
      {
        statuses: [
          priced('wamid.1', 'sent', 'marketing', OCT_LAST_MINUTE),
          { ...statusOf('wamid.2', 'delivered', { timestamp: NOV }), conversation: { id: 'c1', origin: { type: 'utility' } } },
          priced('wamid.3', 'read', 'service', NOV, false),
          statusOf('wamid.4', 'read'),
          { ...statusOf('wamid.5', 'sent'), pricing: { category: 'Not a category!' } },
        ],
      },
      new Date(),
    );
    expect(rows).toEqual([
      { wamid: 'wamid.1', category: 'marketing', month: '2026-10', billable: true, pricingModel: 'PMP' },
      { wamid: 'wamid.2', category: 'utility', month: '2026-11', billable: true, pricingModel: '' },
      { wamid: 'wamid.3', category: 'service', month: '2026-11', billable: false, pricingModel: 'PMP' },
    ]);
  });
});

describe('the Cloud API cost ledger', () => {
  it('counts a priced status once per message and category, even redelivered and through sent, delivered and read', async () => {
    const m1 = newWamid();
    const m2 = newWamid();
    const m3 = newWamid();
    expect(await deliver(PHONE_A, SECRET_A, [priced(m1, 'sent', 'marketing'), priced(m2, 'sent', 'utility')])).toBe(200);
    // Meta's redelivery of the same body, then the later statuses repeating the same pricing.
    expect(await deliver(PHONE_A, SECRET_A, [priced(m1, 'sent', 'marketing'), priced(m2, 'sent', 'utility')])).toBe(200);
    expect(await deliver(PHONE_A, SECRET_A, [priced(m1, 'delivered', 'marketing'), priced(m1, 'read', 'marketing'), priced(m2, 'delivered', 'utility')])).toBe(200);
    expect(await deliver(PHONE_A, SECRET_A, [priced(m3, 'delivered', 'marketing'), statusOf(newWamid(), 'read')])).toBe(200);
    expect(await counts(a, wa.id)).toEqual({ marketing: 2, utility: 1 });
    expect((await app.owner`select count(*)::int as n from whatsapp_cloud_costs where company_id = ${a.companyId}`)[0]!.n).toBe(3);
  });

  it('answers the month per category with the estimate from the price table (free service messages count, cost nothing)', async () => {
    expect(await deliver(PHONE_A, SECRET_A, [priced(newWamid(), 'delivered', 'service', NOV, false), priced(newWamid(), 'delivered', 'authentication')])).toBe(200);
    const r = await costs(a, wa.id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      month: '2026-11',
      currency: 'BRL',
      categories: [
        { category: 'authentication', count: 1, billable: 1, unitPrice: 0.2, estimatedCost: 0.2 },
        { category: 'marketing', count: 2, billable: 2, unitPrice: 0.5, estimatedCost: 1 },
        { category: 'service', count: 1, billable: 0, unitPrice: 0, estimatedCost: 0 },
        { category: 'utility', count: 1, billable: 1, unitPrice: 0.1, estimatedCost: 0.1 },
      ],
      total: { count: 5, billable: 4, estimatedCost: 1.3 },
    });
  });

  it('files a status under its own UTC month', async () => {
    expect(await deliver(PHONE_A, SECRET_A, [priced(newWamid(), 'sent', 'utility', OCT_LAST_MINUTE)])).toBe(200);
    expect(await counts(a, wa.id, '2026-10')).toEqual({ utility: 1 });
    expect((await counts(a, wa.id)).utility).toBe(1);
    expect((await costs(a, wa.id, '2026-09')).body).toMatchObject({ month: '2026-09', categories: [], total: { count: 0, billable: 0, estimatedCost: 0 } });
  });

  it("another company's connection never counts for this one; A's secret can never record for B's number", async () => {
    const before = await counts(a, wa.id);
    const shared = newWamid();
    expect(await deliver(PHONE_B, SECRET_B, [priced(shared, 'sent', 'marketing'), priced(newWamid(), 'sent', 'marketing')])).toBe(200);
    expect(await deliver(PHONE_B, SECRET_A, [priced(newWamid(), 'sent', 'utility')])).toBe(401);
    // The same message id in A's number is A's own row, and B's stays B's.
    expect(await deliver(PHONE_A, SECRET_A, [priced(shared, 'sent', 'marketing')])).toBe(200);
    expect(await counts(b, wb.id)).toEqual({ marketing: 2 });
    expect(await counts(a, wa.id)).toEqual({ ...before, marketing: before.marketing! + 1 });
    expect((await api(app, a.adminToken).get(`/whatsapp/${wb.id}/costs`)).status).toBe(404);
  });

  it('is for admins: an agent is refused; a sandbox connection is not a Cloud one', async () => {
    const agent = await a.addUser({ profile: 'user' });
    const r = await api(app, agent.token).get<{ error: string }>(`/whatsapp/${wa.id}/costs`);
    expect([r.status, r.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    const sandbox = await api(app, a.adminToken).get<{ error: string }>(`/whatsapp/${a.whatsapp.id}/costs`);
    expect([sandbox.status, sandbox.body.error]).toEqual([400, 'ERR_VALIDATION']);
  });
});
