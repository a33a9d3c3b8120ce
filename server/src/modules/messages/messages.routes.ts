import type { FastifyInstance } from 'fastify';
import { ListMessagesQuery, SendMessageBody, TicketIdParam } from '@balcao/shared';
import { parse } from '../../infra/validate';
import type { MessagesService } from './messages.service';

export const messagesRoutes = (messages: MessagesService) => async (app: FastifyInstance) => {
  app.get('/messages/:ticketId', (req) =>
    messages.list(req.ctx, parse(TicketIdParam, req.params).ticketId, parse(ListMessagesQuery, req.query).pageNumber),
  );
  app.post('/tickets/:ticketId/read', (req) => messages.markRead(req.ctx, parse(TicketIdParam, req.params).ticketId));
  app.post('/messages/:ticketId', (req) => messages.send(req.ctx, parse(TicketIdParam, req.params).ticketId, parse(SendMessageBody, req.body)));
};
