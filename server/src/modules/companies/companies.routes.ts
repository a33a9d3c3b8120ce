import type { FastifyInstance } from 'fastify';
import { CreateCompanyBody, IdParam } from '@balcao/shared';
import { parse } from '../../infra/validate';
import type { CompaniesService } from './companies.service';

export const companiesRoutes = (companies: CompaniesService) => async (app: FastifyInstance) => {
  app.get('/companies', (req) => companies.list(req.ctx));
  app.post('/companies', (req) => companies.create(req.ctx, parse(CreateCompanyBody, req.body)));
  app.get('/companies/listPlan/:id', (req) => companies.plan(req.ctx, parse(IdParam, req.params).id));
};
