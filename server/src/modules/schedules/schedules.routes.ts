import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateScheduleBody, IdParam, ListSchedulesQuery, ListSchedulesResponse, OkResponse, ScheduleDto, UpdateScheduleBody } from '@balcao/shared';
import { readUpload } from '../../infra/uploads';
import type { SchedulesService } from './schedules.service';

export const schedulesRoutes = (schedules: SchedulesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/schedules', { schema: { querystring: ListSchedulesQuery, response: { 200: ListSchedulesResponse } } }, (req) => schedules.page(req.ctx, req.query));
  app.post('/schedules', { schema: { body: CreateScheduleBody, response: { 200: ScheduleDto } } }, (req) => schedules.create(req.ctx, req.body));
  app.get('/schedules/:id', { schema: { params: IdParam, response: { 200: ScheduleDto } } }, (req) => schedules.show(req.ctx, req.params.id));
  app.put('/schedules/:id', { schema: { params: IdParam, body: UpdateScheduleBody, response: { 200: ScheduleDto } } }, (req) => schedules.update(req.ctx, req.params.id, req.body));
  app.delete('/schedules/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await schedules.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/schedules/:id/media-upload', { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: ScheduleDto } } }, async (req) =>
    schedules.attach(req.ctx, req.params.id, await readUpload(req)),
  );
  app.delete('/schedules/:id/media-upload', { schema: { params: IdParam, response: { 200: ScheduleDto } } }, (req) => schedules.detach(req.ctx, req.params.id));
};
