/**
 * Asaas (https://docs.asaas.com, API v3) as a payment provider: a customer per company (found by
 * its externalReference, created once), a PIX payment per invoice, its QR (pixQrCode). The
 * webhook carries `asaas-access-token` (the token set in Asaas' webhook settings). Every call is
 * bounded: a timeout per attempt, retries only for reads (a repeated POST could charge twice),
 * a cap on the answer's size.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ProviderError, type Charge, type ChargeState, type ChargeStatus, type PaymentProvider, type WebhookNotice, type WebhookRequest } from './provider';

export interface AsaasOptions {
  /** ASAAS_URL: the API base with its version, e.g. https://api.asaas.com/v3. */
  baseUrl: string;
  apiKey: string;
  webhookToken: string;
  timeoutMs?: number;
  /** Extra attempts of a read after a network error, a timeout or a 5xx. */
  retries?: number;
  maxBytes?: number;
  now?: () => Date;
}

const Customer = z.object({ id: z.string().min(1) });
const CustomerList = z.object({ data: z.array(Customer) });
const Payment = z.object({
  id: z.string().min(1),
  status: z.string(),
  value: z.number(),
  dueDate: z.string().optional(),
  paymentDate: z.string().nullish(),
  clientPaymentDate: z.string().nullish(),
  confirmedDate: z.string().nullish(),
});
const PixQrCode = z.object({ encodedImage: z.string().optional().default(''), payload: z.string().min(1), expirationDate: z.string().nullish() });
const WebhookBody = z.object({ id: z.string().max(200).optional(), event: z.string().max(100), payment: z.object({ id: z.string().min(1).max(120) }).passthrough() });

/** Asaas payment statuses → ours. RECEIVED (PIX settled), CONFIRMED, RECEIVED_IN_CASH are paid. */
const statusOf = (s: string): ChargeStatus => {
  if (s === 'RECEIVED' || s === 'CONFIRMED' || s === 'RECEIVED_IN_CASH') return 'paid';
  if (s === 'OVERDUE') return 'expired';
  if (s === 'PENDING' || s === 'AWAITING_RISK_ANALYSIS') return 'pending';
  return 'cancelled';
};

const equalTokens = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const createAsaasProvider = (o: AsaasOptions): PaymentProvider => {
  const timeoutMs = o.timeoutMs ?? 10_000;
  const retries = o.retries ?? 2;
  const maxBytes = o.maxBytes ?? 1_048_576;
  const now = o.now ?? (() => new Date());
  const base = o.baseUrl.replace(/\/+$/, '');

  const call = async <T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> => {
    const attempts = method === 'GET' ? retries + 1 : 1;
    let last: ProviderError = new ProviderError('no attempt', true);
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(200 * attempt);
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method,
          headers: { access_token: o.apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), 'user-agent': 'Balcao' },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        last = new ProviderError(`asaas ${method} ${path}: ${(err as Error).name === 'TimeoutError' ? 'timeout' : 'network error'}`, true);
        continue;
      }
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > maxBytes) throw new ProviderError(`asaas ${method} ${path}: answer too large`, false);
      const text = await res.text().catch(() => '');
      if (text.length > maxBytes) throw new ProviderError(`asaas ${method} ${path}: answer too large`, false);
      if (res.status >= 500) {
        last = new ProviderError(`asaas ${method} ${path}: HTTP ${res.status}`, true);
        continue;
      }
      if (!res.ok) throw new ProviderError(`asaas ${method} ${path}: HTTP ${res.status}`, false);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ProviderError(`asaas ${method} ${path}: not JSON`, false);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new ProviderError(`asaas ${method} ${path}: unexpected answer`, false);
      return parsed.data;
    }
    throw last;
  };

  return {
    name: 'asaas',

    async createCharge({ invoice, company, payer }): Promise<Charge> {
      const ref = `balcao-company-${company.id}`;
      const found = await call('GET', `/customers?externalReference=${encodeURIComponent(ref)}&limit=1`, CustomerList);
      const customer =
        found.data[0] ??
        (await call('POST', '/customers', Customer, {
          name: payer.name || company.name,
          email: company.email || undefined,
          mobilePhone: company.phone || undefined,
          cpfCnpj: payer.cpfCnpj || undefined,
          address: payer.address || undefined,
          postalCode: payer.zipcode || undefined,
          externalReference: ref,
          notificationDisabled: true,
        }));
      // A PIX charge due on its invoice's due date, or today when that is already past.
      const today = now().toISOString().slice(0, 10);
      const payment = await call('POST', '/payments', Payment, {
        customer: customer.id,
        billingType: 'PIX',
        value: invoice.value,
        dueDate: invoice.dueDate < today ? today : invoice.dueDate,
        description: invoice.detail.slice(0, 500),
        externalReference: `balcao-invoice-${invoice.id}`,
      });
      const qr = await call('GET', `/payments/${encodeURIComponent(payment.id)}/pixQrCode`, PixQrCode);
      const expires = qr.expirationDate ? new Date(qr.expirationDate.replace(' ', 'T')) : new Date(now().getTime() + 86_400_000);
      return {
        chargeId: payment.id,
        pixCode: qr.payload,
        qrImage: qr.encodedImage ? `data:image/png;base64,${qr.encodedImage}` : undefined,
        value: payment.value,
        expiresAt: Number.isFinite(expires.getTime()) ? expires : new Date(now().getTime() + 86_400_000),
      };
    },

    async getCharge(chargeId): Promise<ChargeState> {
      const p = await call('GET', `/payments/${encodeURIComponent(chargeId)}`, Payment);
      const status = statusOf(p.status);
      const paidOn = p.confirmedDate ?? p.clientPaymentDate ?? p.paymentDate;
      return { status, value: p.value, paidAt: status === 'paid' ? (paidOn ? new Date(`${paidOn.slice(0, 10)}T12:00:00Z`) : now()) : null };
    },

    verifyWebhook(req: WebhookRequest): boolean {
      const token = req.headers['asaas-access-token'];
      return typeof token === 'string' && o.webhookToken.length > 0 && equalTokens(token, o.webhookToken);
    },

    parseWebhook(body): WebhookNotice | null {
      const parsed = WebhookBody.safeParse(body);
      if (!parsed.success || !parsed.data.event.startsWith('PAYMENT_')) return null;
      const { id, event, payment } = parsed.data;
      // Older Asaas deliveries have no event id: the event and the payment make one.
      return { eventId: id ?? `${event}:${payment.id}`, chargeId: payment.id };
    },
  };
};
