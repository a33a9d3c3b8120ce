import type { FastifyInstance } from 'fastify';
import { CloseAllBody, CreateTicketBody, IdParam, ListTicketsQuery, TicketUuidParam, UpdateTicketBody } from '@balcao/shared';
import { parse } from '../../infra/validate';
import type { TicketsService } from './tickets.service';

export const ticketsRoutes = (tickets: TicketsService) => async (app: FastifyInstance) => {
  app.get('/tickets', (req) => tickets.list(req.ctx, parse(ListTicketsQuery, req.query)));
  app.get('/tickets/u/:uuid', (req) => tickets.showByUuid(req.ctx, parse(TicketUuidParam, req.params).uuid));
  app.get('/tickets/:id', (req) => tickets.show(req.ctx, parse(IdParam, req.params).id));
  app.post('/tickets', (req) => tickets.create(req.ctx, parse(CreateTicketBody, req.body)));
  app.post('/tickets/closeAll', (req) => tickets.closeAll(req.ctx, parse(CloseAllBody, req.body)));
  app.put('/tickets/:id', (req) => tickets.update(req.ctx, parse(IdParam, req.params).id, parse(UpdateTicketBody, req.body)));
  app.delete('/tickets/:id', (req) => tickets.remove(req.ctx, parse(IdParam, req.params).id));
};
