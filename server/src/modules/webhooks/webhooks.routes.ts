import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateWebhookBody,
  errorAnswer,
  IdParam,
  ListWebhookDeliveriesQuery,
  ListWebhookDeliveriesResponse,
  ListWebhooksResponse,
  OkResponse,
  UpdateWebhookBody,
  WebhookDeliveryDto,
  WebhookDeliveryParams,
  WebhookDto,
  WebhookSecretResponse,
} from '@balcao/shared';
import { routeDoc } from '../../infra/route-doc';
import type { WebhooksService } from './webhooks.service';

/** The coded answers of the webhook routes, documented with example bodies (decision 0298). */
const errors = {
  denied: errorAnswer("Not an admin, or the company's plan has no external API", [
    { error: 'ERR_NO_PERMISSION', requestId: 'req-3a' },
    { error: 'ERR_PLAN_FEATURE_DISABLED', requestId: 'req-3b' },
  ]),
  badWebhook: errorAnswer('Bad input, or a URL the server may not call (a private host)', [
    { error: 'ERR_VALIDATION', message: 'url: invalid URL', requestId: 'req-1a', issues: [{ path: 'url', message: 'invalid URL' }] },
    { error: 'ERR_WEBHOOK_URL_REFUSED', requestId: 'req-1b' },
  ]),
  badQuery: errorAnswer('Bad query parameters', [
    { error: 'ERR_VALIDATION', message: 'status: Invalid option: expected one of "pending"|"delivered"|"failed"', requestId: 'req-1a', issues: [{ path: 'status', message: 'Invalid option: expected one of "pending"|"delivered"|"failed"' }] },
  ]),
  noWebhook: errorAnswer('No such webhook in your company', [{ error: 'ERR_NO_WEBHOOK_FOUND', requestId: 'req-4a' }]),
  noDelivery: errorAnswer('No such webhook in your company, or no such delivery of it', [{ error: 'ERR_NO_WEBHOOK_FOUND', requestId: 'req-4a' }]),
  limit: errorAnswer('The company already has the most webhooks allowed (20)', [{ error: 'ERR_WEBHOOK_LIMIT', requestId: 'req-5a' }]),
};
const ok = OkResponse.meta({ examples: [{ ok: true }] });
const doc = routeDoc(['Webhooks']);
const signing =
  'Each delivery is a POST of `{ id, event, createdAt, companyId, data }` signed with the secret: `X-Balcao-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, with `X-Balcao-Event` and `X-Balcao-Delivery` (the stable delivery id).';
/** What every webhook route may answer (admins only, plan-gated), and those on one webhook. */
const admin = { 403: errors.denied };
const oneWebhook = { ...admin, 404: errors.noWebhook };

/** Signed outbound webhooks (issue 15 §5; admins; plan flag useExternalApi through shared/plan-gates; decision 0300). */
export const webhooksRoutes = (svc: WebhooksService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/webhooks',
    doc("List the company's webhooks", 'Admins only. The secret is never listed, only its last 4 characters (`secretTail`).', { response: { 200: ListWebhooksResponse, ...admin } }),
    (req) => svc.list(req.ctx),
  );
  app.post(
    '/webhooks',
    doc('Subscribe a URL to events', `Admins only; at most 20 per company. The answer carries the signing secret, shown this once: store it now. ${signing}`, {
      body: CreateWebhookBody,
      response: { 200: WebhookSecretResponse, ...admin, 400: errors.badWebhook, 409: errors.limit },
    }),
    (req) => svc.create(req.ctx, req.body),
  );
  app.put(
    '/webhooks/:id',
    doc('Change a webhook (name, URL, events, paused or active)', 'Admins only. Only the fields sent change; the secret stays.', {
      params: IdParam,
      body: UpdateWebhookBody,
      response: { 200: WebhookDto, ...oneWebhook, 400: errors.badWebhook },
    }),
    (req) => svc.update(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/webhooks/:id',
    doc('Delete a webhook and its delivery log', 'Admins only. Deliveries still queued are dropped.', { params: IdParam, response: { 200: ok, ...oneWebhook } }),
    async (req) => {
      await svc.remove(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/webhooks/:id/secret',
    doc('Rotate the signing secret', 'Admins only. The old secret stops signing at once; the new one is in this answer only.', {
      params: IdParam,
      response: { 200: WebhookSecretResponse, ...oneWebhook },
    }),
    (req) => svc.rotate(req.ctx, req.params.id),
  );
  app.post(
    '/webhooks/:id/test',
    doc(
      'Send a test delivery (webhook.ping)',
      "Admins only. Queues a `webhook.ping` delivery, logged like any other (a paused webhook's ping is recorded failed); the answer is the delivery as queued.",
      { params: IdParam, response: { 200: WebhookDeliveryDto, ...oneWebhook } },
    ),
    (req) => svc.test(req.ctx, req.params.id),
  );
  app.get(
    '/webhooks/:id/deliveries',
    doc("A page of a webhook's delivery log", 'Admins only. Newest first, 20 a page, optionally only one `status` (pending, delivered, failed).', {
      params: IdParam,
      querystring: ListWebhookDeliveriesQuery,
      response: { 200: ListWebhookDeliveriesResponse, ...oneWebhook, 400: errors.badQuery },
    }),
    (req) => svc.deliveries(req.ctx, req.params.id, req.query),
  );
  app.post(
    '/webhooks/:id/deliveries/:deliveryId/replay',
    doc('Send a delivery again', 'Admins only. The same id and body, a new round of tries; a delivery still pending is answered as it is (nothing queued twice).', {
      params: WebhookDeliveryParams,
      response: { 200: WebhookDeliveryDto, ...admin, 404: errors.noDelivery },
    }),
    (req) => svc.replay(req.ctx, req.params.id, req.params.deliveryId),
  );
};
