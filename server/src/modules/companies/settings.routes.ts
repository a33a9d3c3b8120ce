import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompanyWithSchedulesDto, IdParam, SettingDto, SettingKeyParam, SettingsResponse, UpdateCompanySchedulesBody, UpdateSettingBody } from '@balcao/shared';
import type { SettingsService } from './settings.service';

/** The company's setup: settings (timezone among them), its working hours. */
export const settingsRoutes = (settings: SettingsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/settings', { schema: { response: { 200: SettingsResponse } } }, (req) => settings.list(req.ctx));
  app.put('/settings/:key', { schema: { params: SettingKeyParam, body: UpdateSettingBody, response: { 200: SettingDto } } }, (req) =>
    settings.update(req.ctx, req.params.key, req.body.value),
  );
  app.get('/companies/:id', { schema: { params: IdParam, response: { 200: CompanyWithSchedulesDto } } }, (req) => settings.company(req.ctx, req.params.id));
  app.put('/companies/:id/schedules', { schema: { params: IdParam, body: UpdateCompanySchedulesBody, response: { 200: CompanyWithSchedulesDto } } }, (req) =>
    settings.setSchedules(req.ctx, req.params.id, req.body),
  );
};
