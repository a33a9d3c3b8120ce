/**
 * The billing pages as the spec's client calls them (administration.md §7 "Billing", §2
 * "Invoices (/financeiro)", Real-time "payment"; issue 14 §7–8): the invoice list, the checkout's
 * POST /subscription and the payment event that renews the licence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/constants';
import { api, login } from '../helpers/world';
import { createBillingService, createSandboxProvider } from '../../src/modules/billing';
import { SpecClient } from './client';
import { createStage, PASSWORD, type Stage } from './stage';

let stage: Stage;
let superToken: string;
let planId: number;
beforeAll(async () => {
  stage = await createStage();
  superToken = (await login(stage.app, SUPER_EMAIL, SUPER_PASSWORD)).token;
  planId = (await stage.app.owner<{ id: number }[]>`insert into plans (name, value, users, connections, queues) values ('Plano Protocolo', 89.50, 5, 2, 3) returning id`)[0]!.id;
  await stage.app.owner`update companies set plan_id = ${planId}, due_date = (now() at time zone timezone)::date + 4 where id = ${stage.c.companyId}`;
  // The daily job, as its worker runs it.
  const sandbox = createSandboxProvider({ data: stage.app.data, secret: 'unused' });
  await createBillingService({ data: stage.app.data, provider: sandbox, providers: { sandbox } }).generateInvoices();
});
afterAll(async () => {
  await stage?.close();
});

describe('pages/Financeiro and the checkout', () => {
  it('lists invoices as { list, hasMore } and pays one: the server value, the QR code, the CONCLUIDA event with company.dueDate', async () => {
    const page = await stage.adminTab();
    const socket = await page.socket().open();
    const list = await page.invoicesAll('', 1);
    expect(list.status).toBe(200);
    expect(list.data.hasMore).toBe(false);
    expect(list.data.list).toHaveLength(1);
    const invoice = list.data.list[0]!;
    expect(invoice).toMatchObject({ detail: 'Plano Protocolo', value: 89.5, status: 'open' });
    // The plan step's price is the browser's: 1 real. The answer is the invoice's.
    const charge = await page.subscribe(invoice.id, { title: 'Plano Protocolo', planId, price: 1, users: 5, connections: 2 });
    expect(charge.status).toBe(200);
    expect(charge.data.valor.original).toBe('89.50');
    expect(charge.data.qrcode.qrcode).toMatch(/^000201.*5405.*89\.50.*6304[0-9A-F]{4}$/);
    const paid = socket.next<{ action: string; company: { dueDate: string } }>(socket.channel('payment'));
    expect((await api(stage.app, superToken).post(`/sandbox/payments/${charge.data.chargeId}/pay`)).status).toBe(200);
    const event = await paid;
    expect(event.action).toBe('CONCLUIDA');
    expect(event.company.dueDate).toBe((await stage.app.owner<{ d: string }[]>`select due_date::text as d from companies where id = ${stage.c.companyId}`)[0]!.d);
    expect(Date.parse(event.company.dueDate)).toBeGreaterThan(Date.now());
    expect((await page.invoicesAll()).data.list[0]!.status).toBe('paid');
    socket.close();
  });

  it('an overdue company: the spec client still refuses the login (past dueDate), the billing-only answer carries the message', async () => {
    await stage.app.owner`update companies set due_date = (now() at time zone timezone)::date - 2 where id = ${stage.c.companyId}`;
    const { res, admitted } = await new SpecClient(stage.app).login(stage.c.admin.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(admitted).toBe(false);
    expect((res.data as unknown as { message: string }).message).toMatch(/^Opss! Sua assinatura venceu em \d{2}\/\d{2}\/\d{4}\. Entre em contato com o Suporte para mais informações!$/);
    await stage.app.owner`update companies set due_date = (now() at time zone timezone)::date + 30 where id = ${stage.c.companyId}`;
  });
});
