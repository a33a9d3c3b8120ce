import { z } from 'zod';
import { dbId, dbIdParam, pageNumber, stamps } from './common';

/**
 * Billing (administration.md "Invoices", "Checkout", "Subscription"; server-behaviour §1, §10;
 * issue 14 §7–8). The server decides every amount and due date: the browser only says which
 * invoice it pays (decisions 0280–0284).
 */

/** An invoice's stored status; "overdue" is computed (open and due before today in the company's zone). */
export const invoiceStatuses = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** What the list shows: 'Pago' (paid), 'Vencido' (overdue), 'Em Aberto' (open) — the spec's labels, by code. */
export const invoiceDisplayStatuses = ['paid', 'overdue', 'open'] as const;
export type InvoiceDisplayStatus = (typeof invoiceDisplayStatuses)[number];
/** The spec's Portuguese labels for each display status. */
export const invoiceDisplayLabel: Record<InvoiceDisplayStatus, string> = { paid: 'Pago', overdue: 'Vencido', open: 'Em Aberto' };

/** The payment providers (PAYMENT_PROVIDER; the embedded default is the sandbox). */
export const paymentProviders = ['asaas', 'sandbox'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** administration.md §3 Invoice: id, detail, value, dueDate, status — plus what the screens need. */
export const InvoiceDto = z.object({
  id: z.number(),
  companyId: z.number(),
  /** The company's name (the super user's list shows every company's invoices). */
  companyName: z.string(),
  detail: z.string(),
  /** BRL, 2 decimals. */
  value: z.number(),
  /** 'YYYY-MM-DD'. */
  dueDate: z.string(),
  status: z.enum(invoiceStatuses),
  /** paid → 'Pago'; open and due before today (company's zone) → 'Vencido'; else 'Em Aberto'. */
  displayStatus: z.enum(invoiceDisplayStatuses),
  /** ISO time it was paid, or null. */
  paidAt: z.string().nullable(),
  /** The live charge of this invoice (checkout started), or null. */
  chargeId: z.string().nullable(),
  ...stamps,
});
export type InvoiceDto = z.infer<typeof InvoiceDto>;

/** GET /invoices/all?searchParam=&pageNumber= (the spec's client; 20 a page, newest due date first). */
export const InvoicesQuery = z.object({
  /** Matches the detail (and, for the super user, the company's name); case-insensitive. */
  searchParam: z.string().trim().max(100).default(''),
  pageNumber,
});
export type InvoicesQuery = z.infer<typeof InvoicesQuery>;

/** The spec: `list, hasMore`. `count`: how many match in all. */
export const InvoiceListResponse = z.object({ list: z.array(InvoiceDto), hasMore: z.boolean(), count: z.number() });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;

export const InvoiceIdParam = z.object({ id: dbIdParam });

const text = (max: number) => z.string().trim().max(max);

/**
 * POST /subscription — the checkout's payload (administration.md §3 "Subscription payload":
 * firstName, lastName, address2, city, state, zipcode, country, useAddressForPaymentDetails,
 * nameOnCard, cardNumber, cvv, plan, price, users, connections, invoiceId). Only `invoiceId`
 * decides what is charged; the payer's data is kept as the company's billing data. `plan`,
 * `price`, `users`, `connections`, a `value` or a `dueDate` sent by the browser are dropped
 * unread (the server charges the invoice's own value; decision 0282). Card fields are never
 * stored (PIX only).
 */
export const SubscriptionBody = z.object({
  invoiceId: z.coerce.number().pipe(dbId),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  /** The address line (the spec's client names it address2). */
  address2: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  zipcode: text(20).optional(),
  country: text(20).optional(),
  /** The payer's CPF or CNPJ (digits; some providers, Asaas, require it for PIX). */
  cpfCnpj: z
    .string()
    .trim()
    .max(20)
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().regex(/^(\d{11}|\d{14})?$/, 'CPF ou CNPJ inválido'))
    .optional(),
});
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;

/**
 * The PIX charge (the spec's client reads `qrcode.qrcode` — the copy-and-paste BR Code it also
 * draws as a QR — and `valor.original`, the amount as '123.45').
 */
export const SubscriptionResponse = z.object({
  chargeId: z.string(),
  invoiceId: z.number(),
  provider: z.enum(paymentProviders),
  qrcode: z.object({
    /** The PIX copy-and-paste code (EMV BR Code). */
    qrcode: z.string(),
    /** A PNG data URL of the QR when the provider sends one; '' otherwise (draw it from `qrcode`). */
    imagemQrcode: z.string(),
  }),
  valor: z.object({ original: z.string() }),
  /** ISO time the charge stops being payable. */
  expiresAt: z.string(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

/** GET /subscription — what /subscription ('Assinatura') and the overdue screens show. */
export const SubscriptionStatusResponse = z.object({
  companyId: z.number(),
  /** The billing e-mail (the company's e-mail). */
  email: z.string(),
  dueDate: z.string(),
  trialExpiration: z.string().nullable(),
  recurrence: z.string(),
  /** Days from today (company's zone) to the due date; negative when past. */
  daysLeft: z.number(),
  /** Trial days left (0 when the trial is over or there was none). */
  trialDaysLeft: z.number(),
  overdue: z.boolean(),
  /** This session may only use billing (decision 0280). */
  billingOnly: z.boolean(),
  /** The oldest unpaid invoice (what 'Assine Agora!' pays), or null. */
  openInvoice: InvoiceDto.nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponse>;

/** POST /subscription/webhook/:provider — the provider's own payload (read per provider; never trusted for value or status). */
export const PaymentWebhookParams = z.object({ provider: z.enum(paymentProviders) });
export const PaymentWebhookBody = z.record(z.string(), z.unknown());
export const PaymentWebhookResponse = z.object({ received: z.literal(true) });
export type PaymentWebhookResponse = z.infer<typeof PaymentWebhookResponse>;

/** POST /sandbox/payments/:chargeId/pay (super user; sandbox provider only). */
export const SandboxPayParams = z.object({ chargeId: z.string().trim().min(1).max(120).regex(/^[\w.:-]+$/, 'chargeId') });
export const SandboxPayResponse = z.object({
  chargeId: z.string(),
  invoiceId: z.number(),
  /** What our webhook answered when the sandbox called it (200 when applied or already applied). */
  webhookStatus: z.number(),
  invoiceStatus: z.enum(invoiceStatuses),
});
export type SandboxPayResponse = z.infer<typeof SandboxPayResponse>;

/**
 * The payment socket event `company-<id>-payment` (the checkout listens on it): a confirmed
 * payment renewed the licence until `company.dueDate` ('YYYY-MM-DD'). To that company's admins
 * and billing-only sessions only.
 */
export const PaymentEvent = z.object({
  action: z.literal('CONCLUIDA'),
  company: z.object({ id: z.number(), dueDate: z.string() }),
  invoice: z.object({ id: z.number(), value: z.number(), paidAt: z.string() }),
});
export type PaymentEvent = z.infer<typeof PaymentEvent>;
