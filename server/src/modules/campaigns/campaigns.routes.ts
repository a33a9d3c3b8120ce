import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CampaignBody, CampaignDto, CampaignSettingRows, CampaignSettingsDto, campaignSettingsToRows, IdParam, ListCampaignsQuery, ListCampaignsResponse, SaveCampaignSettingsBody } from '@balcao/shared';
import { attachmentRoutes, recordRoutes } from '../../infra/record-routes';
import type { CampaignsService } from './campaigns.service';

/** administration.md §7 "Campaigns" (plan `useCampaigns` or `campaignsEnabled`: companies' planGates). */
export const campaignsRoutes = (campaigns: CampaignsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/campaigns', { schema: { querystring: ListCampaignsQuery, response: { 200: ListCampaignsResponse } } }, (req) => campaigns.page(req.ctx, req.query));
  recordRoutes(fastify, '/campaigns', { dto: CampaignDto, create: CampaignBody, update: CampaignBody }, campaigns, 'Campaign deleted');
  app.post('/campaigns/:id/cancel', { schema: { params: IdParam, response: { 200: CampaignDto } } }, (req) => campaigns.cancel(req.ctx, req.params.id));
  app.post('/campaigns/:id/restart', { schema: { params: IdParam, response: { 200: CampaignDto } } }, (req) => campaigns.restart(req.ctx, req.params.id));
  attachmentRoutes(fastify, '/campaigns', CampaignDto, campaigns);
  // Rows of { key, value (JSON text) }, as the spec's settings page reads them (decision 0276).
  app.get('/campaign-settings', { schema: { response: { 200: CampaignSettingRows } } }, async (req) => campaignSettingsToRows(await campaigns.settings(req.ctx)));
  app.post('/campaign-settings', { schema: { body: SaveCampaignSettingsBody, response: { 200: CampaignSettingsDto } } }, (req) => campaigns.saveSettings(req.ctx, req.body));
};
