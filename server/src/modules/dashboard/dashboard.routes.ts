import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardChartQuery, DashboardQuery, DashboardResponse, OnboardingResponse, QualityQuery, QualityResponse, TicketReportsQuery, TicketReportsResponse, TicketsDayResponse, TicketsUsersResponse } from '@balcao/shared';
import type { DashboardService } from './dashboard.service';

export const dashboardRoutes = (dashboard: DashboardService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/dashboard', { schema: { querystring: DashboardQuery, response: { 200: DashboardResponse } } }, (req) => dashboard.dashboard(req.ctx, req.query));
  app.get('/dashboard/ticketsUsers', { schema: { querystring: DashboardChartQuery, response: { 200: TicketsUsersResponse } } }, (req) => dashboard.ticketsUsers(req.ctx, req.query));
  app.get('/dashboard/ticketsDay', { schema: { querystring: DashboardChartQuery, response: { 200: TicketsDayResponse } } }, (req) => dashboard.ticketsDay(req.ctx, req.query));
  app.get('/dashboard/quality', { schema: { querystring: QualityQuery, response: { 200: QualityResponse } } }, (req) => dashboard.quality(req.ctx, req.query));
  app.get('/dashboard/onboarding', { schema: { response: { 200: OnboardingResponse } } }, (req) => dashboard.onboarding(req.ctx));
  app.get('/ticket/reports', { schema: { querystring: TicketReportsQuery, response: { 200: TicketReportsResponse } } }, (req) => dashboard.reports(req.ctx, req.query));
};
