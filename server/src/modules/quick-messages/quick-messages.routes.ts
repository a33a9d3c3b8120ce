import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateQuickMessageBody, ListQuickMessagesQuery, ListQuickMessagesResponse, QuickMessageDto, QuickMessagesListQuery, UpdateQuickMessageBody } from '@balcao/shared';
import { attachmentRoutes, recordRoutes } from '../../infra/record-routes';
import type { QuickMessagesService } from './quick-messages.service';

export const quickMessagesRoutes = (quick: QuickMessagesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Declared before `/:id` so "list" is never read as an id.
  app.get('/quick-messages/list', { schema: { querystring: QuickMessagesListQuery, response: { 200: z.array(QuickMessageDto) } } }, (req) => quick.usable(req.ctx));
  app.get('/quick-messages', { schema: { querystring: ListQuickMessagesQuery, response: { 200: ListQuickMessagesResponse } } }, (req) => quick.page(req.ctx, req.query));
  recordRoutes(fastify, '/quick-messages', { dto: QuickMessageDto, create: CreateQuickMessageBody, update: UpdateQuickMessageBody }, quick);
  attachmentRoutes(fastify, '/quick-messages', QuickMessageDto, quick);
};
