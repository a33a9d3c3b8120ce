import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompanyDto, CreateCompanyBody, CreatedCompanyDto, IdParam, PlanDto } from '@balcao/shared';
import type { CompaniesService } from './companies.service';

export const companiesRoutes = (companies: CompaniesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/companies', { schema: { response: { 200: z.array(CompanyDto) } } }, (req) => companies.list(req.ctx));
  app.post('/companies', { schema: { body: CreateCompanyBody, response: { 200: CreatedCompanyDto } } }, (req) => companies.create(req.ctx, req.body));
  app.get('/companies/listPlan/:id', { schema: { params: IdParam, response: { 200: PlanDto } } }, (req) => companies.plan(req.ctx, req.params.id));
};
