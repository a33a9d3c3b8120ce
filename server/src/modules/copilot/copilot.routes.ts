import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CopilotRoutingDto, CopilotSettingsDto, CopilotStatusDto, CopilotSuggestionsDto, CopilotSummariesResponse, CopilotSummaryDto, CopilotUsageDto, CopilotUsageQuery, IdParam, UpdateCopilotSettingsBody } from '@balcao/shared';
import type { CopilotService } from './copilot.service';

/** The copilot (issue 32): its settings and usage (admins), and per ticket drafts and summaries (whoever sees the ticket). Plan useCopilot. */
export const copilotRoutes = (copilot: CopilotService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/copilot/settings', { schema: { response: { 200: CopilotSettingsDto } } }, (req) => copilot.settings(req.ctx));
  app.put('/copilot/settings', { schema: { body: UpdateCopilotSettingsBody, response: { 200: CopilotSettingsDto } } }, (req) => copilot.saveSettings(req.ctx, req.body));
  app.get('/copilot/status', { schema: { response: { 200: CopilotStatusDto } } }, (req) => copilot.status(req.ctx));
  app.get('/copilot/usage', { schema: { querystring: CopilotUsageQuery, response: { 200: CopilotUsageDto } } }, (req) => copilot.usage(req.ctx, req.query.month));
  app.post('/tickets/:id/copilot/suggestions', { schema: { params: IdParam, response: { 200: CopilotSuggestionsDto } } }, (req) => copilot.suggestions(req.ctx, req.params.id));
  app.post('/tickets/:id/copilot/routing', { schema: { params: IdParam, response: { 200: CopilotRoutingDto } } }, (req) => copilot.routing(req.ctx, req.params.id));
  app.post('/tickets/:id/copilot/summary', { schema: { params: IdParam, response: { 200: CopilotSummaryDto } } }, (req) => copilot.summarize(req.ctx, req.params.id));
  app.get('/tickets/:id/copilot/summaries', { schema: { params: IdParam, response: { 200: CopilotSummariesResponse } } }, (req) => copilot.summaries(req.ctx, req.params.id));
};
