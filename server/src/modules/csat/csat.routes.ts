import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CsatRatingsDto, CsatRatingsQuery } from '@balcao/shared';
import type { CsatService } from './csat.service';

export const csatRoutes = (csat: CsatService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/csat/ratings', { schema: { querystring: CsatRatingsQuery, response: { 200: CsatRatingsDto } } }, (req) => csat.ratings(req.ctx, req.query));
};
