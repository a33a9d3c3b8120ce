import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CopilotTicketTextsDto, MessageDto, SendTranslatedBody, UpdateTicketTranslationBody, CopilotRoutingDto, CopilotSettingsDto, CopilotStatusDto, CopilotSuggestionsDto, CopilotSummariesResponse, CopilotSummaryDto, CopilotUsageDto, CopilotUsageQuery, IdParam, UpdateCopilotSettingsBody } from '@balcao/shared';
import type { CopilotService } from './copilot.service';
import type { TranslationService } from './copilot.translation';

/** The copilot (issue 32): its settings and usage (admins), and per ticket drafts and summaries (whoever sees the ticket). Plan useCopilot. */
export const copilotRoutes = (copilot: CopilotService, translation: TranslationService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/copilot/settings', { schema: { response: { 200: CopilotSettingsDto } } }, (req) => copilot.settings(req.ctx));
  app.put('/copilot/settings', { schema: { body: UpdateCopilotSettingsBody, response: { 200: CopilotSettingsDto } } }, (req) => copilot.saveSettings(req.ctx, req.body));
  app.get('/copilot/status', { schema: { response: { 200: CopilotStatusDto } } }, (req) => copilot.status(req.ctx));
  app.get('/copilot/usage', { schema: { querystring: CopilotUsageQuery, response: { 200: CopilotUsageDto } } }, (req) => copilot.usage(req.ctx, req.query.month));
  app.post('/tickets/:id/copilot/suggestions', { schema: { params: IdParam, response: { 200: CopilotSuggestionsDto } } }, (req) => copilot.suggestions(req.ctx, req.params.id));
  app.post('/tickets/:id/copilot/routing', { schema: { params: IdParam, response: { 200: CopilotRoutingDto } } }, (req) => copilot.routing(req.ctx, req.params.id));
  app.post('/tickets/:id/copilot/summary', { schema: { params: IdParam, response: { 200: CopilotSummaryDto } } }, (req) => copilot.summarize(req.ctx, req.params.id));
  app.get('/tickets/:id/copilot/summaries', { schema: { params: IdParam, response: { 200: CopilotSummariesResponse } } }, (req) => copilot.summaries(req.ctx, req.params.id));
  // Translation both ways (decision 0440): the ticket's language and kept texts, its toggle, and the agent's text sent translated.
  app.get('/tickets/:id/copilot/translation', { schema: { params: IdParam, response: { 200: CopilotTicketTextsDto } } }, (req) => translation.texts(req.ctx, req.params.id));
  app.put('/tickets/:id/copilot/translation', { schema: { params: IdParam, body: UpdateTicketTranslationBody, response: { 200: CopilotTicketTextsDto } } }, (req) => translation.setTicketTranslation(req.ctx, req.params.id, req.body.translate));
  app.post('/tickets/:id/copilot/translated-message', { schema: { params: IdParam, body: SendTranslatedBody, response: { 200: MessageDto } } }, (req) => translation.sendTranslated(req.ctx, req.params.id, req.body));
};
