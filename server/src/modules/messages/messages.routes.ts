import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListMessagesQuery, ListMessagesResponse, MessageDto, SendMessageBody, TicketDto, TicketIdParam } from '@balcao/shared';
import type { MessagesService } from './messages.service';

export const messagesRoutes = (messages: MessagesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/messages/:ticketId', { schema: { params: TicketIdParam, querystring: ListMessagesQuery, response: { 200: ListMessagesResponse } } }, (req) =>
    messages.list(req.ctx, req.params.ticketId, req.query.pageNumber),
  );
  app.post('/messages/:ticketId', { schema: { params: TicketIdParam, body: SendMessageBody, response: { 200: MessageDto } } }, (req) =>
    messages.send(req.ctx, req.params.ticketId, req.body),
  );
  app.post('/tickets/:ticketId/read', { schema: { params: TicketIdParam, response: { 200: TicketDto } } }, (req) => messages.markRead(req.ctx, req.params.ticketId));
};
