import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HelpBody, HelpDto, IdParam, ListHelpsQuery, MessageResponse } from '@balcao/shared';
import type { HelpsService } from './helps.service';

/** GET /helps and /helps/list (any logged user; the spec's client calls both), POST, PUT, DELETE (super user). */
export const helpsRoutes = (helps: HelpsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/helps', { schema: { querystring: ListHelpsQuery, response: { 200: z.array(HelpDto) } } }, (req) => helps.list(req.ctx, req.query.searchParam));
  app.get('/helps/list', { schema: { querystring: ListHelpsQuery, response: { 200: z.array(HelpDto) } } }, (req) => helps.list(req.ctx, req.query.searchParam));
  app.post('/helps', { schema: { body: HelpBody, response: { 200: HelpDto } } }, (req) => helps.create(req.ctx, req.body));
  app.put('/helps/:id', { schema: { params: IdParam, body: HelpBody, response: { 200: HelpDto } } }, (req) => helps.update(req.ctx, req.params.id, req.body));
  app.delete('/helps/:id', { schema: { params: IdParam, response: { 200: MessageResponse } } }, (req) => helps.remove(req.ctx, req.params.id));
};
