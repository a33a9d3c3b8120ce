import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PlanListResponse, SignupBody, SignupResponse } from '@balcao/shared';
import { rateLimited } from '../../infra/plugins/rate-limit';
import type { PlansService } from './plans.service';
import type { SignupService } from './signup.service';

/** Before login: the signup page's plans and the signup itself (administration.md §7; decision 0250). */
export const signupRoutes = (signup: SignupService, plans: PlansService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/plans/signup', { schema: { response: { 200: PlanListResponse } } }, () => plans.offered());
  app.post('/companies/cadastro', { config: rateLimited('signup'), schema: { body: SignupBody, response: { 200: SignupResponse } } }, (req) => signup.signup(req.body));
};
