import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompanyDto, CompanyPlanDto, DeletedCompanyResponse, IdParam, SettingValueResponse, UpdateCompanyBody } from '@balcao/shared';
import type { CompaniesService } from './companies.service';
import type { SettingsService } from './settings.service';

export const companiesRoutes = (companies: CompaniesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/companies', { schema: { response: { 200: z.array(CompanyDto) } } }, (req) => companies.list(req.ctx));
  // The spec's client reads both forms (the Empresas table and the pickers): the same list.
  app.get('/companies/list', { schema: { response: { 200: z.array(CompanyDto) } } }, (req) => companies.list(req.ctx));
  app.put('/companies/:id', { schema: { params: IdParam, body: UpdateCompanyBody, response: { 200: CompanyDto } } }, (req) => companies.update(req.ctx, req.params.id, req.body));
  app.delete('/companies/:id', { schema: { params: IdParam, response: { 200: DeletedCompanyResponse } } }, (req) => companies.remove(req.ctx, req.params.id));
  app.get('/companies/listPlan/:id', { schema: { params: IdParam, response: { 200: CompanyPlanDto } } }, (req) => companies.plan(req.ctx, req.params.id));
};

/**
 * Read before login, and only these three (server-behaviour §1): the login page asks whether to
 * link to signup (viewregister), the signup page whether it is open (allowregister) and the trial.
 */
export const companiesPublicRoutes = (settings: SettingsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const key of ['allowregister', 'viewregister', 'trial'] as const) {
    app.get(`/settings/${key}`, { schema: { response: { 200: SettingValueResponse } } }, () => settings.publicValue(key));
  }
};
