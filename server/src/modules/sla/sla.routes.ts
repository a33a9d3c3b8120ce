import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, SlaSettingsDto, UpdateQueueSlaBody, UpdateSlaBody } from '@balcao/shared';
import type { SlaService } from './sla.service';

export const slaRoutes = (sla: SlaService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/sla', { schema: { response: { 200: SlaSettingsDto } } }, (req) => sla.settings(req.ctx));
  app.put('/sla', { schema: { body: UpdateSlaBody, response: { 200: SlaSettingsDto } } }, (req) => sla.update(req.ctx, req.body));
  app.put('/sla/queues/:id', { schema: { params: IdParam, body: UpdateQueueSlaBody, response: { 200: SlaSettingsDto } } }, (req) => sla.updateQueue(req.ctx, req.params.id, req.body));
};
