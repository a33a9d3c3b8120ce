/**
 * Billing (issue 14 §7–8; decisions 0280–0284) against the embedded default's sandbox provider:
 * the daily invoice job, the invoices' visibility, the PIX checkout at the server's value, the
 * authenticated, idempotent webhook, the payment event, and an overdue company paying its way
 * back in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wireEvent, type InvoiceDto, type InvoiceListResponse, type LoginResponse, type PaymentEvent, type SubscriptionResponse, type SubscriptionStatusResponse } from '@balcao/shared';
import { createTestApp, testConfig, type TestApp } from '../helpers/build-app';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { recordEvents } from '../helpers/sockets';
import { api, connectSocket, createCompany, login, nextEvent, type TestCompany } from '../helpers/world';
import { brCodeValid, createBillingService, createSandboxProvider, sandboxWebhookToken, SANDBOX_TOKEN_HEADER } from '../../src/modules/billing';
import { addMonths } from '../helpers/dates';

let app: TestApp;
let a: TestCompany;
let b: TestCompany;
let superToken: string;
let planId: number;
const secret = testConfig().jwtSecret;

/** The daily job's code, as its worker runs it. */
const job = () => {
  const sandbox = createSandboxProvider({ data: app.data, secret });
  return createBillingService({ data: app.data, provider: sandbox, providers: { sandbox } }).generateInvoices();
};

/** Puts a company on the paid test plan with a due date `days` from today (its zone). */
const dueIn = async (companyId: number, days: number, recurrence = 'MENSAL') => {
  await app.owner`update companies set plan_id = ${planId}, recurrence = ${recurrence}, due_date = (now() at time zone timezone)::date + ${days}::int where id = ${companyId}`;
};
const dueOf = async (companyId: number): Promise<string> => (await app.owner<{ d: string }[]>`select due_date::text as d from companies where id = ${companyId}`)[0]!.d;
const invoicesOf = (companyId: number) => app.owner<{ id: number; value: string; status: string; period: string; due: string; charge_id: string | null }[]>`
  select id, value::text as value, status, period, due_date::text as due, charge_id from invoices where company_id = ${companyId} order by id`;
const eventsOf = (companyId: number) => app.owner<{ provider: string; event_id: string }[]>`select provider, event_id from payment_events where company_id = ${companyId} and provider = 'sandbox' order by id`;
const webhook = (body: unknown, token: string | null = sandboxWebhookToken(secret)) =>
  app.app.inject({ method: 'POST', url: '/subscription/webhook/sandbox', headers: token === null ? {} : { [SANDBOX_TOKEN_HEADER]: token }, payload: body as object });

beforeAll(async () => {
  app = await createTestApp();
  a = await createCompany(app);
  b = await createCompany(app);
  superToken = (await login(app, SUPER_EMAIL, SUPER_PASSWORD)).token;
  planId = (await app.owner<{ id: number }[]>`insert into plans (name, value, users, connections, queues) values (${`Plano Pago ${process.pid}`}, 149.90, 10, 10, 10) returning id`)[0]!.id;
});
afterAll(() => app.close());
// This file logs in often (companies, users, the overdue flow): each case starts with fresh per-IP counters.
beforeEach(async () => {
  await app.owner`delete from rate_limits`;
});

describe('the daily invoice job', () => {
  it("makes one invoice per company and period at the plan's value, however often it runs", async () => {
    await dueIn(a.companyId, 10);
    await dueIn(b.companyId, 10);
    const due = await dueOf(a.companyId);
    await job();
    // Twice more, at once: the unique (company, period) key keeps one.
    await Promise.all([job(), job()]);
    const rows = await invoicesOf(a.companyId);
    expect(rows).toEqual([{ id: expect.any(Number), value: '149.90', status: 'open', period: due, due, charge_id: null }]);
    expect(await invoicesOf(b.companyId)).toHaveLength(1);
  });

  it('never bills the platform company, a company without a due date, a far due date or a free plan', async () => {
    const c = await createCompany(app);
    await job();
    expect(await invoicesOf(c.companyId)).toEqual([]); // no due date (the far default)
    await dueIn(c.companyId, 90);
    await job();
    expect(await invoicesOf(c.companyId)).toEqual([]); // beyond the 30-day lead
    const free = (await app.owner<{ id: number }[]>`insert into plans (name, value) values (${`Grátis ${process.pid}`}, 0) returning id`)[0]!.id;
    await app.owner`update companies set plan_id = ${free}, due_date = (now() at time zone timezone)::date + 5 where id = ${c.companyId}`;
    await job();
    expect(await invoicesOf(c.companyId)).toEqual([]);
    const [platform] = await app.owner<{ n: number }[]>`select count(*)::int as n from invoices i join companies c on c.id = i.company_id where c.is_platform`;
    expect(platform!.n).toBe(0);
  });
});

describe('GET /invoices/all and /invoices/:id', () => {
  it("answers the company's admin its own invoices as { list, hasMore }, with the display status", async () => {
    const r = await api(app, a.adminToken).get<InvoiceListResponse>('/invoices/all?searchParam=&pageNumber=1');
    expect(r.status).toBe(200);
    expect(r.body.hasMore).toBe(false);
    expect(r.body.list.map((i) => i.companyId)).toEqual([a.companyId]);
    expect(r.body.list[0]).toMatchObject({ value: 149.9, status: 'open', displayStatus: 'open', paidAt: null, chargeId: null });
    // An invoice due before today is 'Vencido' (overdue) until paid.
    await app.owner`update invoices set due_date = (now() at time zone 'America/Sao_Paulo')::date - 1 where company_id = ${a.companyId}`;
    const overdue = await api(app, a.adminToken).get<InvoiceDto>(`/invoices/${r.body.list[0]!.id}`);
    expect(overdue.body.displayStatus).toBe('overdue');
    await app.owner`update invoices set due_date = period::date where company_id = ${a.companyId}`;
  });

  it("hides another company's invoice (404), refuses non-admins (403), shows the super user everyone's", async () => {
    const [theirs] = await invoicesOf(b.companyId);
    const other = await api(app, a.adminToken).get<{ error: string }>(`/invoices/${theirs!.id}`);
    expect([other.status, other.body.error]).toEqual([404, 'ERR_NO_INVOICE_FOUND']);
    const user = await a.addUser({});
    const refused = await api(app, user.token).get<{ error: string }>('/invoices/all');
    expect([refused.status, refused.body.error]).toEqual([403, 'ERR_NO_PERMISSION']);
    const all = await api(app, superToken).get<InvoiceListResponse>('/invoices/all');
    expect(all.body.list.map((i) => i.companyId)).toEqual(expect.arrayContaining([a.companyId, b.companyId]));
    const name = all.body.list.find((i) => i.companyId === a.companyId)!.companyName;
    const found = await api(app, superToken).get<InvoiceListResponse>(`/invoices/all?searchParam=${encodeURIComponent(name)}`);
    expect(found.body.list.map((i) => i.companyId)).toEqual([a.companyId]);
    // An admin's search reads the detail only: the plan's name.
    expect((await api(app, a.adminToken).get<InvoiceListResponse>('/invoices/all?searchParam=Plano%20Pago')).body.count).toBe(1);
    expect((await api(app, a.adminToken).get<InvoiceListResponse>('/invoices/all?searchParam=nada%25')).body.count).toBe(0);
  });
});

describe("the current period's invoice, on demand (issue 28 §1; decision 0345)", () => {
  it('an admin opening billing finds the invoice the night job has not made yet, and the job adds no second one', async () => {
    const c = await createCompany(app);
    await dueIn(c.companyId, -1);
    const r = await api(app, c.adminToken).get<InvoiceListResponse>('/invoices/all?searchParam=&pageNumber=1');
    expect(r.body.list.map((i) => [i.value, i.dueDate, i.displayStatus])).toEqual([[149.9, await dueOf(c.companyId), 'overdue']]);
    await job();
    expect(await invoicesOf(c.companyId)).toHaveLength(1);
  });

  it('a due date the super user moves: the open invoice follows it (same invoice), then the new period has its own at once', async () => {
    const c = await createCompany(app);
    await dueIn(c.companyId, 10);
    await job();
    const [first] = await invoicesOf(c.companyId);
    const back = (await app.owner<{ d: string }[]>`select ((now() at time zone 'America/Sao_Paulo')::date - 2)::text as d`)[0]!.d;
    expect((await api(app, superToken).put(`/companies/${c.companyId}`, { dueDate: back })).status).toBe(200);
    await app.bus.idle();
    expect(await invoicesOf(c.companyId)).toEqual([{ ...first!, period: back, due: back }]);
    // Paid, it is history: the next move leaves it and makes the new period's invoice.
    await app.owner`update invoices set status = 'paid', paid_at = now() where id = ${first!.id}`;
    const ahead = (await app.owner<{ d: string }[]>`select ((now() at time zone 'America/Sao_Paulo')::date + 3)::text as d`)[0]!.d;
    expect((await api(app, superToken).put(`/companies/${c.companyId}`, { dueDate: ahead })).status).toBe(200);
    await app.bus.idle();
    expect((await invoicesOf(c.companyId)).map((i) => [i.status, i.due])).toEqual([
      ['paid', back],
      ['open', ahead],
    ]);
  });

  it('a move onto a period that already has its invoice drops the old open one (no charge issued)', async () => {
    const c = await createCompany(app);
    await dueIn(c.companyId, 5);
    await job();
    const onto = (await app.owner<{ d: string }[]>`select ((now() at time zone 'America/Sao_Paulo')::date + 20)::text as d`)[0]!.d;
    await app.owner`insert into invoices (company_id, detail, value, due_date, period) values (${c.companyId}, 'Plano Pago', 149.90, ${onto}::date, ${onto})`;
    expect((await api(app, superToken).put(`/companies/${c.companyId}`, { dueDate: onto })).status).toBe(200);
    await app.bus.idle();
    expect((await invoicesOf(c.companyId)).map((i) => [i.status, i.period])).toEqual([['open', onto]]);
  });
});

describe('permissions', () => {
  it('users and supervisors reach no billing route (403); admins do; only the super user pays the sandbox', async () => {
    const [inv] = await invoicesOf(a.companyId);
    for (const profile of ['user', 'supervisor'] as const) {
      const { token } = await a.addUser({ profile });
      const calls = [
        api(app, token).get('/invoices/all'),
        api(app, token).get(`/invoices/${inv!.id}`),
        api(app, token).get('/subscription'),
        api(app, token).post('/subscription', { invoiceId: inv!.id }),
        api(app, token).post('/sandbox/payments/sbx_0_x/pay'),
      ];
      for (const r of await Promise.all(calls)) expect([profile, r.status, (r.body as { error: string }).error]).toEqual([profile, 403, 'ERR_NO_PERMISSION']);
    }
    const admin = await api(app, a.adminToken).get<SubscriptionStatusResponse>('/subscription');
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ companyId: a.companyId, overdue: false, billingOnly: false, daysLeft: 10, openInvoice: { id: inv!.id } });
    expect((await api(app, a.adminToken).post<{ error: string }>('/sandbox/payments/sbx_0_x/pay')).body.error).toBe('ERR_NO_PERMISSION');
    expect((await api(app).get('/invoices/all')).status).toBe(401);
  });
});

describe('POST /subscription', () => {
  it("charges the invoice's own value: a price, value, plan or due date from the browser changes nothing", async () => {
    const [inv] = await invoicesOf(a.companyId);
    const before = await dueOf(a.companyId);
    const r = await api(app, a.adminToken).post<SubscriptionResponse>('/subscription', {
      firstName: 'Ana',
      lastName: 'Pagadora',
      address2: 'Rua A, 1',
      city: 'São Paulo',
      state: 'SP',
      zipcode: '01001-000',
      country: 'BR',
      useAddressForPaymentDetails: false,
      nameOnCard: '',
      cardNumber: '',
      cvv: '',
      plan: JSON.stringify({ planId: 1, price: 1 }),
      price: 1,
      value: 1,
      users: 99,
      connections: 99,
      dueDate: '2099-12-31',
      invoiceId: inv!.id,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ invoiceId: inv!.id, provider: 'sandbox', valor: { original: '149.90' } });
    expect(r.body.chargeId).toMatch(/^sbx_/);
    expect(brCodeValid(r.body.qrcode.qrcode)).toBe(true);
    expect(r.body.qrcode.qrcode).toContain('5406149.90');
    expect(await dueOf(a.companyId)).toBe(before);
    const [stored] = await invoicesOf(a.companyId);
    expect(stored).toMatchObject({ value: '149.90', charge_id: r.body.chargeId, status: 'open' });
    // Again: the live charge comes back, no second charge.
    const again = await api(app, a.adminToken).post<SubscriptionResponse>('/subscription', { invoiceId: String(inv!.id) });
    expect(again.body.chargeId).toBe(r.body.chargeId);
    expect(again.body.qrcode.qrcode).toBe(r.body.qrcode.qrcode);
  });

  it("refuses another company's invoice, a non-admin, and a bad invoiceId", async () => {
    const [theirs] = await invoicesOf(b.companyId);
    const other = await api(app, a.adminToken).post<{ error: string }>('/subscription', { invoiceId: theirs!.id });
    expect([other.status, other.body.error]).toEqual([404, 'ERR_NO_INVOICE_FOUND']);
    const user = await a.addUser({});
    expect((await api(app, user.token).post('/subscription', { invoiceId: theirs!.id })).status).toBe(403);
    expect((await api(app, a.adminToken).post('/subscription', { invoiceId: 'abc' })).status).toBe(400);
    expect((await api(app, a.adminToken).post('/subscription', {})).status).toBe(400);
  });
});

describe('the payment webhook', () => {
  it('refuses a forged call (no token, wrong token) with 401 and changes nothing', async () => {
    const [inv] = await invoicesOf(a.companyId);
    const before = await dueOf(a.companyId);
    // Even the sandbox bank saying "paid" does not help a forger.
    await app.owner`insert into payment_events (company_id, provider, event_id, charge_id, invoice_id) values (${a.companyId}, 'sandbox-ledger', ${inv!.charge_id}, ${inv!.charge_id}, ${inv!.id})`;
    const body = { id: 'evt_forged', event: 'PAYMENT_RECEIVED', payment: { id: inv!.charge_id, value: 149.9, status: 'RECEIVED' } };
    for (const token of [null, '', 'wrong-token', sandboxWebhookToken('another-secret')]) {
      const r = await webhook(body, token);
      expect([r.statusCode, r.json().error]).toEqual([401, 'ERR_INVALID_WEBHOOK']);
    }
    expect(await dueOf(a.companyId)).toBe(before);
    expect((await invoicesOf(a.companyId))[0]!.status).toBe('open');
    expect(await eventsOf(a.companyId)).toEqual([]);
    await app.owner`delete from payment_events where provider = 'sandbox-ledger' and company_id = ${a.companyId}`;
  });

  it('ignores a body that claims payment while the provider says pending', async () => {
    const [inv] = await invoicesOf(a.companyId);
    const r = await webhook({ id: 'evt_early', event: 'PAYMENT_RECEIVED', payment: { id: inv!.charge_id, value: 149.9, status: 'RECEIVED' } });
    expect(r.statusCode).toBe(200);
    expect((await invoicesOf(a.companyId))[0]!.status).toBe('open');
  });

  it("the super user pays through the sandbox: paid, due date advanced once, audited, the admins' payment event; a replay changes nothing", async () => {
    const [inv] = await invoicesOf(a.companyId);
    const before = await dueOf(a.companyId);
    const adminSocket = await connectSocket(app, a.adminToken);
    const otherSocket = await connectSocket(app, b.adminToken);
    const userOfA = await a.addUser({});
    const userSocket = await connectSocket(app, userOfA.token);
    const otherSeen = recordEvents(otherSocket);
    const userSeen = recordEvents(userSocket);
    const event = nextEvent<PaymentEvent>(adminSocket, wireEvent(a.companyId, 'payment'));
    const user = await a.addUser({});
    expect((await api(app, user.token).post(`/sandbox/payments/${inv!.charge_id}/pay`)).status).toBe(403);
    expect((await api(app, a.adminToken).post(`/sandbox/payments/${inv!.charge_id}/pay`)).status).toBe(403);
    const paid = await api(app, superToken).post<{ invoiceStatus: string; webhookStatus: number }>(`/sandbox/payments/${inv!.charge_id}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ invoiceStatus: 'paid', webhookStatus: 200 });
    const expected = addMonths(before, 1);
    expect(await event).toEqual({ action: 'CONCLUIDA', company: { id: a.companyId, dueDate: expected }, invoice: { id: inv!.id, value: 149.9, paidAt: expect.any(String) } });
    expect(await dueOf(a.companyId)).toBe(expected);
    expect(otherSeen.filter((e) => e.event.endsWith('-payment'))).toEqual([]);
    expect(userSeen.filter((e) => e.event.endsWith('-payment'))).toEqual([]);
    const trail = await app.owner<{ entity: string; after: Record<string, unknown> }[]>`select entity, after from audit_logs where company_id = ${a.companyId} and entity in ('invoice', 'company') order by id`;
    expect(trail).toEqual(expect.arrayContaining([expect.objectContaining({ entity: 'invoice', after: expect.objectContaining({ status: 'paid' }) }), { entity: 'company', after: { dueDate: expected } }]));
    // The provider delivers it again, and the super user clicks again: no second advance.
    const replay = await webhook({ id: `evt_${inv!.charge_id}`, event: 'PAYMENT_RECEIVED', payment: { id: inv!.charge_id } });
    expect(replay.statusCode).toBe(200);
    expect((await api(app, superToken).post(`/sandbox/payments/${inv!.charge_id}/pay`)).status).toBe(200);
    // Another event about the same charge (Asaas sends CONFIRMED and RECEIVED): still once.
    expect((await webhook({ id: 'evt_confirmed', event: 'PAYMENT_CONFIRMED', payment: { id: inv!.charge_id } })).statusCode).toBe(200);
    expect(await dueOf(a.companyId)).toBe(expected);
    const list = await api(app, a.adminToken).get<InvoiceListResponse>('/invoices/all');
    expect(list.body.list[0]).toMatchObject({ status: 'paid', displayStatus: 'paid', chargeId: null });
    const again = await api(app, a.adminToken).post<{ error: string }>('/subscription', { invoiceId: inv!.id });
    expect([again.status, again.body.error]).toEqual([409, 'ERR_INVOICE_ALREADY_PAID']);
    for (const s of [adminSocket, otherSocket, userSocket]) s.close();
  });

  it('two concurrent deliveries (same and different event ids) advance the due date once', async () => {
    const [inv] = await invoicesOf(b.companyId);
    const before = await dueOf(b.companyId);
    const charge = await api(app, b.adminToken).post<SubscriptionResponse>('/subscription', { invoiceId: inv!.id });
    const chargeId = charge.body.chargeId;
    // The sandbox bank has it settled; four deliveries race.
    await app.owner`insert into payment_events (company_id, provider, event_id, charge_id, invoice_id) values (${b.companyId}, 'sandbox-ledger', ${chargeId}, ${chargeId}, ${inv!.id})`;
    const body = (id: string) => ({ id, event: 'PAYMENT_RECEIVED', payment: { id: chargeId } });
    const answers = await Promise.all([webhook(body('evt_1')), webhook(body('evt_1')), webhook(body('evt_2')), webhook(body('evt_2'))]);
    expect(answers.map((r) => r.statusCode), answers[0]!.body).toEqual([200, 200, 200, 200]);
    expect(await dueOf(b.companyId)).toBe(addMonths(before, 1));
    expect((await eventsOf(b.companyId)).map((e) => e.event_id).sort()).toEqual(['evt_1', 'evt_2']);
  });
});

describe('an overdue company (item 8)', () => {
  it('is blocked at login (the spec message), its admin gets a billing-only session, pays through the sandbox and is let back in', async () => {
    const c = await createCompany(app);
    const member = await c.addUser({});
    await dueIn(c.companyId, -3);
    const lapsed = await dueOf(c.companyId);
    const ddmmyyyy = lapsed.split('-').reverse().join('/');
    // A user of the company stays out, with the spec's message.
    const blocked = await api(app).post<{ error: string; message: string }>('/auth/login', { email: member.user.email, password: 'Secret123' });
    expect([blocked.status, blocked.body.error]).toEqual([401, 'ERR_SUBSCRIPTION_EXPIRED']);
    expect(blocked.body.message).toBe(`Opss! Sua assinatura venceu em ${ddmmyyyy}. Entre em contato com o Suporte para mais informações!`);
    // The admin's old session stops at its next refresh.
    expect((await api(app, c.adminToken).get('/tickets')).status).toBe(200);
    // The admin: a billing-only session carrying the same message.
    const session = await api(app).post<LoginResponse>('/auth/login', { email: c.admin.email, password: 'Secret123' });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ billingOnly: true, message: blocked.body.message, user: { company: { dueDate: lapsed } } });
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    const billing = api(app, session.body.token);
    for (const url of ['/tickets', '/contacts', '/users', '/settings', '/queue']) {
      const r = await billing.get<{ error: string }>(url);
      expect([url, r.status, r.body.error]).toEqual([url, 402, 'ERR_BILLING_ONLY']);
    }
    expect((await billing.get('/auth/me')).status).toBe(200);
    const status = await billing.get<SubscriptionStatusResponse>('/subscription');
    expect(status.body).toMatchObject({ overdue: true, billingOnly: true, dueDate: lapsed, daysLeft: -3 });
    // Its socket hears the payment event and nothing of the desk.
    const socket = await connectSocket(app, session.body.token);
    const seen = recordEvents(socket);
    await job();
    const list = await billing.get<InvoiceListResponse>('/invoices/all');
    expect(list.body.list).toHaveLength(1);
    expect(list.body.list[0]).toMatchObject({ displayStatus: 'overdue', dueDate: lapsed, value: 149.9 });
    const charge = await billing.post<SubscriptionResponse>('/subscription', { invoiceId: list.body.list[0]!.id, firstName: 'Carla' });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    const event = nextEvent<PaymentEvent>(socket, wireEvent(c.companyId, 'payment'));
    expect((await api(app, superToken).post(`/sandbox/payments/${charge.body.chargeId}/pay`)).status).toBe(200);
    const renewed = addMonths(lapsed, 1);
    expect((await event).company).toEqual({ id: c.companyId, dueDate: renewed });
    expect(seen.map((e) => e.event)).toEqual([wireEvent(c.companyId, 'payment')]);
    socket.close();
    // The billing session's refresh now answers a full session; a fresh login works too.
    const refreshed = await app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().billingOnly).toBeUndefined();
    expect((await api(app, refreshed.json().token).get('/tickets')).status).toBe(200);
    const back = await api(app).post<LoginResponse>('/auth/login', { email: c.admin.email, password: 'Secret123' });
    expect(back.status).toBe(200);
    expect(back.body.billingOnly).toBeUndefined();
    expect(back.body.user.company.dueDate).toBe(renewed);
    expect((await api(app).post('/auth/login', { email: member.user.email, password: 'Secret123' })).status).toBe(200);
    expect(await dueOf(c.companyId)).toBe(renewed);
  });

  it('stops a full session of an overdue company at refresh, while a billing session refreshes as billing-only', async () => {
    const c = await createCompany(app);
    const full = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: c.admin.email, password: 'Secret123' } });
    const fullCookie = String(full.headers['set-cookie']).split(';')[0]!;
    await dueIn(c.companyId, -1);
    const stopped = await app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie: fullCookie } });
    expect([stopped.statusCode, stopped.json().error]).toEqual([401, 'ERR_SUBSCRIPTION_EXPIRED']);
    const billing = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { email: c.admin.email, password: 'Secret123' } });
    const r = await app.app.inject({ method: 'POST', url: '/auth/refresh_token', headers: { cookie: String(billing.headers['set-cookie']).split(';')[0]! } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ billingOnly: true });
    expect((await api(app, r.json().token).get<{ error: string }>('/tickets')).body.error).toBe('ERR_BILLING_ONLY');
  });

  it('never blocks the super user', async () => {
    const su = await api(app).post<LoginResponse>('/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    expect(su.status).toBe(200);
    expect(su.body.billingOnly).toBeUndefined();
  });
});
