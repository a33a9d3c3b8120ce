import { INT4_OVER, long, q, b, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the billing module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  // Billing (issue 14 §7).
  'GET /invoices/all': [
    q('/invoices/all', 'page 0', 'pageNumber=0'),
    q('/invoices/all', 'page not a number', 'pageNumber=abc'),
    q('/invoices/all', 'search too long', `searchParam=${long(101)}`),
    { ...q('/invoices/all', 'LIKE wildcards are text', 'searchParam=%25_%5C'), status: 200 },
    { ...q('/invoices/all', "the super user's list", 'pageNumber=2'), status: 200, as: 'super' },
  ],
  'GET /invoices/:id': [...badIds('GET', (id) => `/invoices/${id}`), { name: 'no such invoice', req: { method: 'GET', url: '/invoices/999999' }, status: 404, error: 'ERR_NO_INVOICE_FOUND' }],
  'GET /subscription': [{ ...q('/subscription', 'unknown query is ignored', 'x=%ZZ'), status: 200 }],
  'POST /subscription': [
    b('POST', '/subscription', 'missing invoiceId', {}),
    b('POST', '/subscription', 'invoiceId as text', { invoiceId: 'abc' }),
    b('POST', '/subscription', 'invoiceId 0', { invoiceId: 0 }),
    b('POST', '/subscription', 'invoiceId beyond int4', { invoiceId: INT4_OVER }),
    b('POST', '/subscription', 'a CPF of 5 digits', { invoiceId: 1, cpfCnpj: '12345' }),
    b('POST', '/subscription', 'firstName over 100', { invoiceId: 1, firstName: long(101) }),
    b('POST', '/subscription', 'zipcode as a number', { invoiceId: 1, zipcode: 1234 }),
    { ...b('POST', '/subscription', 'no such invoice', { invoiceId: 999999, price: 0.01 }), status: 404, error: 'ERR_NO_INVOICE_FOUND' },
    ...bodyShapes('POST', '/subscription'),
  ],
  'POST /subscription/webhook/:provider': [
    b('POST', '/subscription/webhook/paypal', 'unknown provider', { id: 'evt', event: 'PAYMENT_RECEIVED', payment: { id: 'x' } }),
    { ...b('POST', '/subscription/webhook/sandbox', 'no provider token', { id: 'evt', event: 'PAYMENT_RECEIVED', payment: { id: 'x' } }), status: 401, error: 'ERR_INVALID_WEBHOOK' },
    { ...b('POST', '/subscription/webhook/sandbox', 'a wrong provider token', { id: 'evt' }), status: 401, error: 'ERR_INVALID_WEBHOOK' },
    ...bodyShapes('POST', '/subscription/webhook/sandbox').map((c) => (c.name === 'prototype pollution attempt' ? { ...c, status: [400, 401] } : c)),
  ],
  'POST /sandbox/payments/:chargeId/pay': [
    { name: 'chargeId with a slash-free path trick', req: { method: 'POST', url: '/sandbox/payments/..%2F..%2Fx/pay' }, as: 'super' },
    { name: 'chargeId with spaces', req: { method: 'POST', url: '/sandbox/payments/a%20b/pay' }, as: 'super' },
    { name: 'chargeId over 120', req: { method: 'POST', url: `/sandbox/payments/${long(121)}/pay` }, as: 'super', status: [400, 414] },
    { name: 'no such charge', req: { method: 'POST', url: '/sandbox/payments/sbx_0_none/pay' }, as: 'super', status: 404, error: 'ERR_NO_INVOICE_FOUND' },
    { name: 'an admin', req: { method: 'POST', url: '/sandbox/payments/sbx_0_none/pay' }, status: 403, error: 'ERR_NO_PERMISSION' },
  ],
};
