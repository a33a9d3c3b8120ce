import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactOptOutDto, IdParam, WhatsappHealthDto, WhatsappHealthParams } from '@balcao/shared';
import type { NumberHealthService } from './number-health.service';

export const numberHealthRoutes = (health: NumberHealthService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const optOut = { params: IdParam, response: { 200: ContactOptOutDto } };
  app.get('/contacts/:id/opt-out', { schema: optOut }, (req) => health.optOutOf(req.ctx, req.params.id));
  app.put('/contacts/:id/opt-out', { schema: optOut }, (req) => health.optOut(req.ctx, req.params.id));
  app.delete('/contacts/:id/opt-out', { schema: optOut }, (req) => health.optIn(req.ctx, req.params.id));
  app.get('/whatsapp/:id/health', { schema: { params: WhatsappHealthParams, response: { 200: WhatsappHealthDto } } }, (req) => health.health(req.ctx, req.params.id));
};
