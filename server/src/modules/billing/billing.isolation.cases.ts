import { expect } from 'vitest';
import { get, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the billing module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ app, A, B, answered, notFound, listed, emptyList }) => {
  /** A's open invoice with a live sandbox charge, and B's own, made once on first use. */
  let invoicesFix: Promise<{ a: number; b: number }> | undefined;
  let invoiceIds: { a: number; b: number } | undefined;
  const invoices = () =>
    (invoicesFix ??= (async () => {
      const [a] = await app.owner`insert into invoices (company_id, detail, value, due_date, period, provider, charge_id, pix_code)
        values (${A.c.companyId}, ${`Fatura ${A.marker}`}, 99.9, current_date, '2030-01-01', 'sandbox', ${`sbx_${A.marker}`}, ${`pix-${A.marker}`}) returning id`;
      const [b] = await app.owner`insert into invoices (company_id, detail, value, due_date, period) values (${B.c.companyId}, 'Fatura B', 10, current_date, '2030-01-01') returning id`;
      invoiceIds = { a: a!.id as number, b: b!.id as number };
      return invoiceIds;
    })());
  const aInvoiceUnchanged = async () => {
    const [i] = await app.owner`select status, charge_id, value::text as value from invoices where id = ${(await invoices()).a}`;
    expect(i).toEqual({ status: 'open', charge_id: `sbx_${A.marker}`, value: '99.90' });
    const [e] = await app.owner`select count(*)::int as n from payment_events where company_id = ${A.c.companyId}`;
    expect(e!.n).toBe(0);
  };
  return {
    // Billing (issue 14 §7; decision 0282): A's invoice, with a live sandbox charge, and B's own.
    'GET /invoices/all': [
      { name: 'lists B only', req: async () => (await invoices(), get('/invoices/all')), expect: listed((b) => b.list, () => [invoiceIds!.a], () => invoiceIds!.b) },
      { name: "searching A's detail", req: async () => (await invoices(), get(`/invoices/all?searchParam=${A.marker}`)), expect: emptyList((b) => b.list) },
    ],
    'GET /invoices/:id': [{ name: "A's invoice", req: async () => get(`/invoices/${(await invoices()).a}`), expect: notFound('ERR_NO_INVOICE_FOUND') }],
    'GET /subscription': [
      {
        name: "B's licence and invoice only",
        req: async () => (await invoices(), get('/subscription')),
        expect: (r) => {
          expect(r.status).toBe(200);
          expect(r.text).not.toContain(A.marker);
          expect(r.body.companyId).toBe(B.c.companyId);
          expect((r.body.openInvoice as { id: number } | null)?.id).toBe(invoiceIds!.b);
        },
      },
    ],
    'POST /subscription': [
      { name: "A's invoice", req: async () => ({ method: 'POST', url: '/subscription', body: { invoiceId: (await invoices()).a } }), expect: notFound('ERR_NO_INVOICE_FOUND', aInvoiceUnchanged) },
    ],
    'POST /sandbox/payments/:chargeId/pay': [
      { name: "A's charge (super user only)", req: async () => (await invoices(), { method: 'POST', url: `/sandbox/payments/sbx_${A.marker}/pay` }), expect: answered(403, 'ERR_NO_PERMISSION', aInvoiceUnchanged) },
    ],
  };
};
