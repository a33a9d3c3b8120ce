/**
 * The payment provider door (issue 14 §7; decision 0281): every provider (Asaas, the sandbox)
 * answers these calls and nothing else in the billing module knows which one it talks to.
 */
import type { PaymentProviderName } from '@balcao/shared';

export interface ChargeInvoice {
  id: number;
  companyId: number;
  /** BRL, 2 decimals: the server's invoice value (never the browser's). */
  value: number;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  detail: string;
}

export interface ChargeCompany {
  id: number;
  name: string;
  email: string;
  phone: string;
}

/** Who pays, as the checkout's step 1 gave it (optional: providers fall back to the company). */
export interface ChargePayer {
  name?: string;
  cpfCnpj?: string;
  address?: string;
  city?: string;
  state?: string;
  zipcode?: string;
}

export interface Charge {
  chargeId: string;
  /** The PIX copy-and-paste code. */
  pixCode: string;
  /** A PNG data URL of the QR, when the provider gives one. */
  qrImage?: string;
  value: number;
  expiresAt: Date;
}

export type ChargeStatus = 'pending' | 'paid' | 'expired' | 'cancelled';

export interface ChargeState {
  status: ChargeStatus;
  value: number;
  paidAt: Date | null;
}

/** What a webhook request looks like to a provider (headers lower-cased, the parsed JSON body). */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** What a webhook says happened, reduced to what we re-query: which event, about which charge. */
export interface WebhookNotice {
  eventId: string;
  chargeId: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCharge(input: { invoice: ChargeInvoice; company: ChargeCompany; payer: ChargePayer }): Promise<Charge>;
  getCharge(chargeId: string): Promise<ChargeState>;
  /** The provider's token is on the request (constant-time compare); false → 401, nothing changes. */
  verifyWebhook(req: WebhookRequest): boolean;
  /** The event's id and charge id, or null for an event that is not about a payment (ignored). */
  parseWebhook(body: unknown): WebhookNotice | null;
}

/** The provider failed or did not answer in time (the service answers ERR_PAYMENT_PROVIDER). */
export class ProviderError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(reason);
  }
}
