import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateTicketNoteBody, IdParam, ListTicketNotesQuery, OkResponse, TicketNoteDto } from '@balcao/shared';
import type { TicketNotesService } from './ticket-notes.service';

export const ticketNotesRoutes = (notes: TicketNotesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/ticket-notes/list', { schema: { querystring: ListTicketNotesQuery, response: { 200: z.array(TicketNoteDto) } } }, (req) => notes.list(req.ctx, req.query));
  app.post('/ticket-notes', { schema: { body: CreateTicketNoteBody, response: { 200: TicketNoteDto } } }, (req) => notes.create(req.ctx, req.body));
  app.delete('/ticket-notes/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await notes.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
};
