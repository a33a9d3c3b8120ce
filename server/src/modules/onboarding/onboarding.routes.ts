import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateCompanyBody, CreatedCompanyDto, SignupBody, SignupResponse } from '@balcao/shared';
import { rateLimited } from '../../infra/plugins/rate-limit';
import type { CompanyCreateService } from './company-create.service';
import type { SignupService } from './signup.service';

/** The super user's "Nova empresa" (administration.md §2). */
export const companyCreateRoutes = (companies: CompanyCreateService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/companies', { schema: { body: CreateCompanyBody, response: { 200: CreatedCompanyDto } } }, (req) => companies.create(req.ctx, req.body));
};

/** Before login: the signup itself (administration.md §7; decision 0250); its plans are the companies module's. */
export const signupRoutes = (signup: SignupService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/companies/cadastro', { config: rateLimited('signup'), schema: { body: SignupBody, response: { 200: SignupResponse } } }, (req) => signup.signup(req.body));
};
