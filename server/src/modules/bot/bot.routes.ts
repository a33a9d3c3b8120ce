import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, ReplayBody, ReplayResponse, TicketEventsResponse } from '@balcao/shared';
import type { BotReplayService } from './bot.replay';
import type { BotService } from './bot.service';

export const botRoutes = (bot: BotService, replay: BotReplayService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/tickets/:id/events', { schema: { params: IdParam, response: { 200: TicketEventsResponse } } }, (req) => bot.events(req.ctx, req.params.id));
  // Replay before publishing (issue 12 item 7): reads and answers, never sends, stores or changes anything.
  app.post('/bot/replay', { schema: { body: ReplayBody, response: { 200: ReplayResponse } } }, (req) => replay.replay(req.ctx, req.body));
};
