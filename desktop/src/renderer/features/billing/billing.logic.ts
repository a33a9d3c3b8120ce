import type { InvoiceDto } from '@balcao/shared';
import type { Placed } from '../../lib/paged-list';

/** A Brazilian CEP: 8 digits, optionally 5-3 with a hyphen. */
export const CEP_PATTERN = /^\d{5}-?\d{3}$/;

/** The checkout's 'Dados' step (the spec's subscription payload names). */
export interface CheckoutData {
  firstName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  /** The payer's CPF or CNPJ (optional; Asaas needs it for PIX). */
  cpfCnpj: string;
}

/** Empty, or a CPF's 11 digits or a CNPJ's 14 (dots, slashes and hyphens ignored), as the server checks. */
export const cpfCnpjValid = (typed: string): boolean => /^(\d{11}|\d{14})?$/.test(typed.replace(/\D/g, ''));

/** The fields step 1 requires (administration.md §5 "Checkout step 1"); `state` is optional. */
export const REQUIRED_CHECKOUT_FIELDS = ['firstName', 'address2', 'city', 'zipcode', 'country'] as const;
export type RequiredCheckoutField = (typeof REQUIRED_CHECKOUT_FIELDS)[number];

/** The first problem of each field: `required`, or `zipcode` for a CEP in the wrong format. */
export const checkoutDataProblems = (d: Partial<CheckoutData>): Partial<Record<RequiredCheckoutField, 'required' | 'invalid'>> => {
  const out: Partial<Record<RequiredCheckoutField, 'required' | 'invalid'>> = {};
  for (const f of REQUIRED_CHECKOUT_FIELDS) if (!(d[f] ?? '').trim()) out[f] = 'required';
  if (!out.zipcode && !CEP_PATTERN.test((d.zipcode ?? '').trim())) out.zipcode = 'invalid';
  return out;
};

/** The PIX screen's wait before going home once the payment is confirmed (administration.md §4 Checkout). */
export const RENEWED_HOME_DELAY_MS = 4000;

/** An unpaid invoice can be paid from its row. */
export const isPayable = (i: Pick<InvoiceDto, 'status'>): boolean => i.status !== 'paid';

/** Invoices come newest due date first: a changed one stays in place, a new one goes on top. */
export const placeInvoice = (list: InvoiceDto[], invoice: InvoiceDto): Placed<InvoiceDto> => {
  const at = list.findIndex((i) => i.id === invoice.id);
  if (at >= 0) return { list: list.map((i) => (i.id === invoice.id ? invoice : i)), delta: 0 };
  return { list: [invoice, ...list], delta: 1 };
};

export const dropInvoice = (list: InvoiceDto[], id: number): Placed<InvoiceDto> => {
  const next = list.filter((i) => i.id !== id);
  return { list: next, delta: next.length - list.length };
};
