import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiTokenResponse, CreateWhatsappBody, errorAnswer, IdParam, ListWhatsappQuery, MessageResponse, StartSessionBody, UpdateWhatsappBody, WhatsappDto } from '@balcao/shared';
import type { WhatsappService } from './whatsapp.service';

const one = { 200: WhatsappDto };

export const whatsappRoutes = (whatsapp: WhatsappService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // `?session=0|1` is the spec client's; checked, then ignored (every answer carries the session).
  app.get('/whatsapp', { schema: { querystring: ListWhatsappQuery, response: { 200: z.array(WhatsappDto) } } }, (req) => whatsapp.list(req.ctx));
  app.post('/whatsapp', { schema: { body: CreateWhatsappBody, response: one } }, (req) => whatsapp.create(req.ctx, req.body));
  app.get('/whatsapp/:id', { schema: { params: IdParam, querystring: ListWhatsappQuery, response: one } }, (req) => whatsapp.show(req.ctx, req.params.id));
  app.put('/whatsapp/:id', { schema: { params: IdParam, body: UpdateWhatsappBody, response: one } }, (req) => whatsapp.update(req.ctx, req.params.id, req.body));
  // Shown once (issue 15 §3): the only answer that ever carries the token.
  app.post(
    '/whatsapp/:id/token',
    {
      schema: {
        summary: 'Generate (or rotate) the connection token of the external API',
        description: 'Admins only. The previous token stops working at once. The new token is in this answer only; the connection keeps its hash and shows its last 4 characters (`apiTokenTail`).',
        tags: ['External API'],
        params: IdParam,
        response: {
          200: ApiTokenResponse,
          403: errorAnswer('Not an admin', [{ error: 'ERR_NO_PERMISSION', requestId: 'req-1a' }]),
          404: errorAnswer('No such connection in your company', [{ error: 'ERR_NO_WAPP_FOUND', requestId: 'req-2a' }]),
        },
      },
    },
    (req) => whatsapp.rotateToken(req.ctx, req.params.id),
  );
  app.delete('/whatsapp/:id', { schema: { params: IdParam, response: { 200: MessageResponse } } }, (req) => whatsapp.remove(req.ctx, req.params.id));
  app.post('/whatsappsession/:id', { schema: { params: IdParam, body: StartSessionBody, response: one } }, (req) =>
    whatsapp.startSession(req.ctx, req.params.id, req.body),
  );
  app.put('/whatsappsession/:id', { schema: { params: IdParam, response: one } }, (req) => whatsapp.restartSession(req.ctx, req.params.id));
  app.delete('/whatsappsession/:id', { schema: { params: IdParam, response: one } }, (req) => whatsapp.stopSession(req.ctx, req.params.id));
  app.post('/whatsapp-restart', { schema: { response: { 200: MessageResponse } } }, (req) => whatsapp.restartAll(req.ctx));
};
