import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateQuickMessageBody,
  IdParam,
  ListQuickMessagesQuery,
  ListQuickMessagesResponse,
  OkResponse,
  QuickMessageDto,
  QuickMessagesListQuery,
  UpdateQuickMessageBody,
} from '@balcao/shared';
import { fileResponse, readUpload, sendStoredFile } from '../../infra/uploads';
import type { QuickMessagesService } from './quick-messages.service';

export const quickMessagesRoutes = (quick: QuickMessagesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Declared before `/:id` so "list" is never read as an id.
  app.get('/quick-messages/list', { schema: { querystring: QuickMessagesListQuery, response: { 200: z.array(QuickMessageDto) } } }, (req) => quick.usable(req.ctx));
  app.get('/quick-messages', { schema: { querystring: ListQuickMessagesQuery, response: { 200: ListQuickMessagesResponse } } }, (req) => quick.page(req.ctx, req.query));
  app.post('/quick-messages', { schema: { body: CreateQuickMessageBody, response: { 200: QuickMessageDto } } }, (req) => quick.create(req.ctx, req.body));
  app.get('/quick-messages/:id', { schema: { params: IdParam, response: { 200: QuickMessageDto } } }, (req) => quick.show(req.ctx, req.params.id));
  app.put('/quick-messages/:id', { schema: { params: IdParam, body: UpdateQuickMessageBody, response: { 200: QuickMessageDto } } }, (req) =>
    quick.update(req.ctx, req.params.id, req.body),
  );
  app.delete('/quick-messages/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await quick.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/quick-messages/:id/media-upload', { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: QuickMessageDto } } }, async (req) =>
    quick.attach(req.ctx, req.params.id, await readUpload(req)),
  );
  app.delete('/quick-messages/:id/media-upload', { schema: { params: IdParam, response: { 200: QuickMessageDto } } }, (req) => quick.detach(req.ctx, req.params.id));
  app.get('/quick-messages/:id/media', { schema: { params: IdParam, response: fileResponse } }, async (req, reply) => {
    return sendStoredFile(reply, await quick.mediaOf(req.ctx, req.params.id));
  });
};
