/**
 * The sandbox payment provider (the embedded default; decision 0281). Its charges live in the
 * invoices row (charge_id, pix_code: a valid-looking BR Code with its CRC); its "bank" is a
 * ledger of settled charges in payment_events under provider 'sandbox-ledger'. The super user
 * settles a charge with POST /sandbox/payments/:chargeId/pay, which then calls our webhook as a
 * real provider would: same route, the sandbox's token in `sandbox-token`, an Asaas-shaped body.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { DataAccess } from '../../db/tenant';
import * as repo from './invoices.repository';
import { brCode } from './pix';
import { ProviderError, type Charge, type ChargeState, type PaymentProvider, type WebhookNotice, type WebhookRequest } from './provider';

export const SANDBOX_LEDGER = 'sandbox-ledger';
export const SANDBOX_TOKEN_HEADER = 'sandbox-token';
/** Sandbox charges stay payable this long. */
const CHARGE_TTL_MS = 24 * 3_600_000;

/** The sandbox's webhook token: derived from the server's secret, never configured nor stored. */
export const sandboxWebhookToken = (secret: string): string => createHmac('sha256', secret).update('balcao:sandbox-payments:webhook').digest('base64url');

const WebhookBody = z.object({ id: z.string().min(1).max(200), event: z.string().max(100), payment: z.object({ id: z.string().min(1).max(120) }).passthrough() });

/** The webhook body the sandbox sends for a settled charge (Asaas' shape; one event id per charge). */
export const sandboxWebhookBody = (chargeId: string, value: number) => ({
  id: `evt_${chargeId}`,
  event: 'PAYMENT_RECEIVED',
  payment: { id: chargeId, value, status: 'RECEIVED', billingType: 'PIX' },
});

export const createSandboxProvider = (deps: { data: DataAccess; secret: string; now?: () => Date }): PaymentProvider & { settle(chargeId: string): Promise<{ invoiceId: number; value: number } | null> } => {
  const token = sandboxWebhookToken(deps.secret);
  const now = deps.now ?? (() => new Date());
  return {
    name: 'sandbox',

    async createCharge({ invoice }): Promise<Charge> {
      const chargeId = `sbx_${invoice.id}_${randomBytes(6).toString('hex')}`;
      const pixCode = brCode({
        key: 'pagamentos@balcao.sandbox',
        amount: invoice.value,
        merchantName: 'Balcao Sandbox',
        merchantCity: 'Sao Paulo',
        txid: chargeId.replace(/_/g, ''),
        description: `Fatura ${invoice.id}`,
      });
      return { chargeId, pixCode, value: invoice.value, expiresAt: new Date(now().getTime() + CHARGE_TTL_MS) };
    },

    async getCharge(chargeId): Promise<ChargeState> {
      return deps.data.withSystem('billing:webhook', async ({ tx }) => {
        const invoice = await repo.byCharge(tx, 'sandbox', chargeId);
        if (!invoice) throw new ProviderError(`sandbox: no charge ${chargeId}`, false);
        const paidAt = await repo.eventAt(tx, SANDBOX_LEDGER, chargeId);
        return { status: paidAt ? 'paid' : 'pending', value: Number(invoice.value), paidAt };
      });
    },

    verifyWebhook(req: WebhookRequest): boolean {
      const given = req.headers[SANDBOX_TOKEN_HEADER];
      if (typeof given !== 'string') return false;
      const a = Buffer.from(given);
      const b = Buffer.from(token);
      return a.length === b.length && timingSafeEqual(a, b);
    },

    parseWebhook(body): WebhookNotice | null {
      const parsed = WebhookBody.safeParse(body);
      if (!parsed.success || !parsed.data.event.startsWith('PAYMENT_')) return null;
      return { eventId: parsed.data.id, chargeId: parsed.data.payment.id };
    },

    /** The sandbox bank settles the charge (once); null when no open sandbox charge has that id. */
    async settle(chargeId) {
      return deps.data.withSystem('billing:webhook', async ({ tx }) => {
        const invoice = await repo.byCharge(tx, 'sandbox', chargeId);
        if (!invoice) return null;
        await repo.recordEvent(tx, { companyId: invoice.companyId, provider: SANDBOX_LEDGER, eventId: chargeId, chargeId, invoiceId: invoice.id });
        return { invoiceId: invoice.id, value: Number(invoice.value) };
      });
    },
  };
};
