import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  can,
  InvoiceDto,
  InvoiceIdParam,
  InvoiceListResponse,
  InvoicesQuery,
  PaymentWebhookBody,
  PaymentWebhookParams,
  PaymentWebhookResponse,
  SandboxPayParams,
  SandboxPayResponse,
  SubscriptionBody,
  SubscriptionResponse,
  SubscriptionStatusResponse,
} from '@balcao/shared';
import { billingRoute } from '../../infra/auth';
import { AppError, found } from '../../infra/errors';
import { rateLimited } from '../../infra/plugins/rate-limit';
import type { BillingService } from './billing.service';
import { SANDBOX_TOKEN_HEADER, sandboxWebhookBody, sandboxWebhookToken } from './sandbox-provider';

/** Behind requireAuth; every route here also serves billing-only sessions (decision 0280). */
export const billingRoutes = (billing: BillingService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = billingRoute;
  app.get('/invoices/all', { config, schema: { querystring: InvoicesQuery, response: { 200: InvoiceListResponse } } }, (req) => billing.list(req.ctx, req.query));
  app.get('/invoices/:id', { config, schema: { params: InvoiceIdParam, response: { 200: InvoiceDto } } }, (req) => billing.show(req.ctx, req.params.id));
  app.get('/subscription', { config, schema: { response: { 200: SubscriptionStatusResponse } } }, (req) => billing.status(req.ctx));
  app.post('/subscription', { config, schema: { body: SubscriptionBody, response: { 200: SubscriptionResponse } } }, (req) => billing.subscribe(req.ctx, req.body));
};

/**
 * The provider's webhook (public: authenticated by the provider's token inside the service) and,
 * for the sandbox provider, the super user's "pay this charge", which calls that webhook through
 * the app's own HTTP pipeline as the provider would.
 */
export const billingPublicRoutes = (billing: BillingService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/subscription/webhook/:provider',
    { config: rateLimited('paymentWebhook'), schema: { params: PaymentWebhookParams, body: PaymentWebhookBody, response: { 200: PaymentWebhookResponse } } },
    async (req) => {
      await billing.webhook(req.params.provider, { headers: req.headers, body: req.body });
      return { received: true as const };
    },
  );
};

export const sandboxPaymentRoutes = (deps: { root: FastifyInstance; secret: string; enabled: boolean; settle(chargeId: string): Promise<{ invoiceId: number; value: number } | null>; invoiceStatus(invoiceId: number): Promise<'open' | 'paid'> }) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/sandbox/payments/:chargeId/pay', { schema: { params: SandboxPayParams, response: { 200: SandboxPayResponse } } }, async (req) => {
    if (!can(req.ctx, 'billing:sandboxPay')) throw new AppError('ERR_NO_PERMISSION');
    if (!deps.enabled) throw new AppError('ERR_SANDBOX_DISABLED');
    const { chargeId } = req.params;
    const settled = found(await deps.settle(chargeId), 'ERR_NO_INVOICE_FOUND');
    const res = await deps.root.inject({
      method: 'POST',
      url: '/subscription/webhook/sandbox',
      headers: { [SANDBOX_TOKEN_HEADER]: sandboxWebhookToken(deps.secret), 'content-type': 'application/json' },
      payload: sandboxWebhookBody(chargeId, settled.value),
    });
    return { chargeId, invoiceId: settled.invoiceId, webhookStatus: res.statusCode, invoiceStatus: await deps.invoiceStatus(settled.invoiceId) };
  });
};
