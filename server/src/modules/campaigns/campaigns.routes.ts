import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CampaignBody, CampaignDto, CampaignSettingRows, CampaignSettingsDto, campaignSettingsToRows, IdParam, ListCampaignsQuery, ListCampaignsResponse, MessageResponse, SaveCampaignSettingsBody } from '@balcao/shared';
import { readUpload } from '../../infra/uploads';
import type { CampaignsService } from './campaigns.service';

/** administration.md §7 "Campaigns" (plan `useCampaigns` or `campaignsEnabled`: companies' planGates). */
export const campaignsRoutes = (campaigns: CampaignsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/campaigns', { schema: { querystring: ListCampaignsQuery, response: { 200: ListCampaignsResponse } } }, (req) => campaigns.page(req.ctx, req.query));
  app.post('/campaigns', { schema: { body: CampaignBody, response: { 200: CampaignDto } } }, (req) => campaigns.create(req.ctx, req.body));
  app.get('/campaigns/:id', { schema: { params: IdParam, response: { 200: CampaignDto } } }, (req) => campaigns.show(req.ctx, req.params.id));
  app.put('/campaigns/:id', { schema: { params: IdParam, body: CampaignBody, response: { 200: CampaignDto } } }, (req) => campaigns.update(req.ctx, req.params.id, req.body));
  app.delete('/campaigns/:id', { schema: { params: IdParam, response: { 200: MessageResponse } } }, async (req) => {
    await campaigns.remove(req.ctx, req.params.id);
    return { message: 'Campaign deleted' };
  });
  app.post('/campaigns/:id/cancel', { schema: { params: IdParam, response: { 200: CampaignDto } } }, (req) => campaigns.cancel(req.ctx, req.params.id));
  app.post('/campaigns/:id/restart', { schema: { params: IdParam, response: { 200: CampaignDto } } }, (req) => campaigns.restart(req.ctx, req.params.id));
  app.post('/campaigns/:id/media-upload', { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: CampaignDto } } }, async (req) =>
    campaigns.attach(req.ctx, req.params.id, await readUpload(req)),
  );
  app.delete('/campaigns/:id/media-upload', { schema: { params: IdParam, response: { 200: CampaignDto } } }, (req) => campaigns.detach(req.ctx, req.params.id));
  // Rows of { key, value (JSON text) }, as the spec's settings page reads them (decision 0276).
  app.get('/campaign-settings', { schema: { response: { 200: CampaignSettingRows } } }, async (req) => campaignSettingsToRows(await campaigns.settings(req.ctx)));
  app.post('/campaign-settings', { schema: { body: SaveCampaignSettingsBody, response: { 200: CampaignSettingsDto } } }, (req) => campaigns.saveSettings(req.ctx, req.body));
};
