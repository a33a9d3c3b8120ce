import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateWebhookBody,
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
import type { WebhooksService } from './webhooks.service';

/** Signed outbound webhooks (issue 15 §5; admins; plan flag useExternalApi through shared/plan-gates; decision 0300). */
export const webhooksRoutes = (svc: WebhooksService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/webhooks', { schema: { response: { 200: ListWebhooksResponse } } }, (req) => svc.list(req.ctx));
  app.post('/webhooks', { schema: { body: CreateWebhookBody, response: { 200: WebhookSecretResponse } } }, (req) => svc.create(req.ctx, req.body));
  app.put('/webhooks/:id', { schema: { params: IdParam, body: UpdateWebhookBody, response: { 200: WebhookDto } } }, (req) => svc.update(req.ctx, req.params.id, req.body));
  app.delete('/webhooks/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await svc.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/webhooks/:id/secret', { schema: { params: IdParam, response: { 200: WebhookSecretResponse } } }, (req) => svc.rotate(req.ctx, req.params.id));
  app.post('/webhooks/:id/test', { schema: { params: IdParam, response: { 200: WebhookDeliveryDto } } }, (req) => svc.test(req.ctx, req.params.id));
  app.get('/webhooks/:id/deliveries', { schema: { params: IdParam, querystring: ListWebhookDeliveriesQuery, response: { 200: ListWebhookDeliveriesResponse } } }, (req) =>
    svc.deliveries(req.ctx, req.params.id, req.query),
  );
  app.post('/webhooks/:id/deliveries/:deliveryId/replay', { schema: { params: WebhookDeliveryParams, response: { 200: WebhookDeliveryDto } } }, (req) =>
    svc.replay(req.ctx, req.params.id, req.params.deliveryId),
  );
};
