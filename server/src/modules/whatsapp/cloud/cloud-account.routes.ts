import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CloudCostsQuery, CloudCostsResponse, CloudTestResponse, IdParam, ListTemplatesQuery, ListTemplatesResponse } from '@balcao/shared';
import type { CloudAccount } from './cloud-account.service';
import type { CloudCosts } from './cloud-costs';

/** A Cloud API connection's account (decision 0390): its templates, and the admin's test of its token. */
export const cloudAccountRoutes = (account: CloudAccount, costs: CloudCosts) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/whatsapp/:id/templates', { schema: { params: IdParam, querystring: ListTemplatesQuery, response: { 200: ListTemplatesResponse } } }, (req) =>
    account.templates(req.ctx, req.params.id, req.query.refresh),
  );
  app.get('/whatsapp/:id/costs', { schema: { params: IdParam, querystring: CloudCostsQuery, response: { 200: CloudCostsResponse } } }, (req) => costs.month(req.ctx, req.params.id, req.query.month));
  app.post('/whatsapp/:id/test', { schema: { params: IdParam, response: { 200: CloudTestResponse } } }, (req) => account.test(req.ctx, req.params.id));
};
