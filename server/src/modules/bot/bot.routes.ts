import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, TicketEventsResponse } from '@balcao/shared';
import type { BotService } from './bot.service';

export const botRoutes = (bot: BotService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/tickets/:id/events', { schema: { params: IdParam, response: { 200: TicketEventsResponse } } }, (req) => bot.events(req.ctx, req.params.id));
};
