import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateQueueIntegrationBody,
  IdParam,
  ListQueueIntegrationsQuery,
  ListQueueIntegrationsResponse,
  OkResponse,
  QueueIntegrationDto,
  SavedQueueIntegration,
  TestQueueIntegrationBody,
  TestQueueIntegrationResponse,
  UpdateQueueIntegrationBody,
} from '@balcao/shared';
import type { QueueIntegrationsService } from './queue-integrations.service';

/** administration.md §7 "Prompts and integrations" (admins; plan flag useIntegrations through shared/plan-gates). */
export const queueIntegrationsRoutes = (svc: QueueIntegrationsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/queueIntegration', { schema: { querystring: ListQueueIntegrationsQuery, response: { 200: ListQueueIntegrationsResponse } } }, (req) => svc.page(req.ctx, req.query));
  app.post('/queueIntegration', { schema: { body: CreateQueueIntegrationBody, response: { 200: SavedQueueIntegration } } }, (req) => svc.create(req.ctx, req.body));
  app.post('/queueIntegration/testSession', { schema: { body: TestQueueIntegrationBody, response: { 200: TestQueueIntegrationResponse } } }, (req) => svc.test(req.ctx, req.body));
  app.get('/queueIntegration/:id', { schema: { params: IdParam, response: { 200: QueueIntegrationDto } } }, (req) => svc.show(req.ctx, req.params.id));
  app.put('/queueIntegration/:id', { schema: { params: IdParam, body: UpdateQueueIntegrationBody, response: { 200: SavedQueueIntegration } } }, (req) => svc.update(req.ctx, req.params.id, req.body));
  app.delete('/queueIntegration/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await svc.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
};
