// The billing module's one door (issue 14 §7–8; decisions 0280–0284, 0345): invoices made by a daily
// job and whenever a company's invoice may newly be due, the PIX checkout through a payment provider (Asaas or the embedded sandbox), the
// provider's webhook, and the sandbox's "pay this charge" for the super user.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Config } from '../../infra/config';
import { DEFAULT_ASAAS_URL } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import { createAsaasProvider } from './asaas-provider';
import { registerBillingListeners } from './billing.listeners';
import { billingPublicRoutes, billingRoutes, sandboxPaymentRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import * as repo from './invoices.repository';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox-provider';

export { createBillingService, type BillingService, type WebhookOutcome } from './billing.service';
export { createAsaasProvider, type AsaasOptions } from './asaas-provider';
export { createSandboxProvider, sandboxWebhookToken, SANDBOX_TOKEN_HEADER } from './sandbox-provider';
export { brCode, brCodeValid, crc16 } from './pix';
export type { PaymentProvider, Charge, ChargeState, ChargeStatus } from './provider';
export { billingJobQueues } from './billing.job-types';

/** What other modules ask of billing in their own transaction: a new company's first invoice (issue 28 §1). */
export const billingWrites = { ensureCurrentInvoice: repo.ensureCurrent };

/** Once a day at 03:10 UTC (00:10 in São Paulo): the coming periods' invoices. */
export const INVOICES_CRON = '10 3 * * *';
const RUN_EXPIRES_SECONDS = 15 * 60;

export const billingModule = defineModule({
  name: 'billing',
  dependsOn: ['audit', 'companies'],
  setup: (k: { app: FastifyInstance; config: Config; data: DataAccess; bus: EventBus; jobs: Jobs; paymentProvider?: PaymentProvider }) => {
    const payments = k.config.payments ?? { provider: 'sandbox', asaasUrl: DEFAULT_ASAAS_URL };
    const sandbox = createSandboxProvider({ data: k.data, secret: k.config.jwtSecret });
    const provider: PaymentProvider =
      k.paymentProvider ??
      (payments.provider === 'asaas'
        ? createAsaasProvider({ baseUrl: payments.asaasUrl, apiKey: payments.asaasApiKey ?? '', webhookToken: payments.asaasWebhookToken ?? '' })
        : sandbox);
    // Only the configured provider's webhook is accepted: with Asaas, the sandbox's token opens nothing.
    const billing = createBillingService({ data: k.data, provider, providers: { [provider.name]: provider }, log: k.app.log });
    const sandboxOn = provider.name === 'sandbox';
    const routes = async (app: FastifyInstance) => {
      await app.register(billingRoutes(billing));
      await app.register(
        sandboxPaymentRoutes({
          root: k.app,
          secret: k.config.jwtSecret,
          enabled: sandboxOn,
          settle: (chargeId) => sandbox.settle(chargeId),
          invoiceStatus: (invoiceId) => k.data.withSystem('billing:webhook', async ({ tx }) => (await repo.get(tx, undefined, invoiceId))?.status ?? 'open'),
        }),
      );
    };
    return {
      publicRoutes: billingPublicRoutes(billing),
      routes,
      start: async (rt) => {
        registerBillingListeners(k.bus, rt, k.data);
        await k.jobs.work('invoices.generate', async () => {
          const run = await billing.generateInvoices();
          if (run.created > 0) k.app.log.info({ invoices: run }, 'invoices generated');
        });
        await k.jobs.schedule('invoices.generate', INVOICES_CRON, { expireInSeconds: RUN_EXPIRES_SECONDS });
      },
    };
  },
});
