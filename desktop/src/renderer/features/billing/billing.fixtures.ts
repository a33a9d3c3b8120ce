import type { InvoiceDto, SubscriptionResponse } from '@balcao/shared';

export const makeInvoice = (over: Partial<InvoiceDto> = {}): InvoiceDto => ({
  id: 31,
  companyId: 7,
  companyName: 'Padaria',
  detail: 'Plano Inicial — 12/2026',
  value: 149.9,
  dueDate: '2026-11-20',
  status: 'open',
  displayStatus: 'overdue',
  paidAt: null,
  chargeId: null,
  createdAt: '2026-11-01T03:00:00.000Z',
  updatedAt: '2026-11-01T03:00:00.000Z',
  ...over,
});

export const PIX_CODE = '00020126580014BR.GOV.BCB.PIX0136sandbox-charge-915204000053039865406149.905802BR6304ABCD';

export const makeCharge = (over: Partial<SubscriptionResponse> = {}): SubscriptionResponse => ({
  chargeId: 'sbx_915',
  invoiceId: 31,
  provider: 'sandbox',
  qrcode: { qrcode: PIX_CODE, imagemQrcode: '' },
  valor: { original: '149.90' },
  expiresAt: '2026-11-27T03:00:00.000Z',
  ...over,
});
