import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CloseAllBody,
  CloseAllResponse,
  CreateTicketBody,
  IdParam,
  KanbanTicketsQuery,
  KanbanTicketsResponse,
  ListTicketsQuery,
  ListTicketsResponse,
  MessageResponse,
  TicketDto,
  TicketUuidParam,
  UpdateTicketBody,
} from '@balcao/shared';
import type { TicketsService } from './tickets.service';
import { sendJsonText } from '../../infra/json-text';

export const ticketsRoutes = (tickets: TicketsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The response's JSON comes whole from the database (tickets.repository.ts#listJson).
  app.get('/tickets', { schema: { querystring: ListTicketsQuery, response: { 200: ListTicketsResponse } } }, async (req, reply) =>
    sendJsonText(reply, await tickets.listJson(req.ctx, req.query)),
  );
  app.get('/ticket/kanban', { schema: { querystring: KanbanTicketsQuery, response: { 200: KanbanTicketsResponse } } }, (req) => tickets.kanban(req.ctx, req.query));
  app.get('/tickets/u/:uuid', { schema: { params: TicketUuidParam, response: { 200: TicketDto } } }, (req) => tickets.showByUuid(req.ctx, req.params.uuid));
  app.get('/tickets/:id', { schema: { params: IdParam, response: { 200: TicketDto } } }, (req) => tickets.show(req.ctx, req.params.id));
  app.post('/tickets', { schema: { body: CreateTicketBody, response: { 200: TicketDto } } }, (req) => tickets.create(req.ctx, req.body));
  app.post('/tickets/closeAll', { schema: { body: CloseAllBody, response: { 200: CloseAllResponse } } }, (req) => tickets.closeAll(req.ctx, req.body));
  app.put('/tickets/:id', { schema: { params: IdParam, body: UpdateTicketBody, response: { 200: TicketDto } } }, (req) => tickets.update(req.ctx, req.params.id, req.body));
  app.delete('/tickets/:id', { schema: { params: IdParam, response: { 200: MessageResponse } } }, (req) => tickets.remove(req.ctx, req.params.id));
};
