import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageResponse, PlanAllResponse, PlanBody, PlanDto, PlanListResponse } from '@balcao/shared';
import type { PlansService } from './plans.service';

/** Super user's plan editor and the plan lookups (administration.md §7; decision 0130). */
export const plansRoutes = (plans: PlansService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/plans/all', { schema: { response: { 200: PlanAllResponse } } }, (req) => plans.all(req.ctx));
  app.get('/plans/:id', { schema: { params: IdParam, response: { 200: PlanDto } } }, (req) => plans.show(req.ctx, req.params.id));
  app.post('/plans', { schema: { body: PlanBody, response: { 200: PlanDto } } }, (req) => plans.create(req.ctx, req.body));
  app.put('/plans/:id', { schema: { params: IdParam, body: PlanBody, response: { 200: PlanDto } } }, (req) => plans.update(req.ctx, req.params.id, req.body));
  app.delete('/plans/:id', { schema: { params: IdParam, response: { 200: MessageResponse } } }, (req) => plans.remove(req.ctx, req.params.id));
};

/** The signup page lists the plans before anyone logs in. */
export const plansPublicRoutes = (plans: PlansService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/plans/list', { schema: { response: { 200: PlanListResponse } } }, () => plans.list());
  // The signup page's plans (administration.md §7; the signup itself is the onboarding module's).
  app.get('/plans/signup', { schema: { response: { 200: PlanListResponse } } }, () => plans.offered());
};
