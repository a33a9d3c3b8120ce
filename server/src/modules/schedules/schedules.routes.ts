import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateScheduleBody, ListSchedulesQuery, ListSchedulesResponse, ScheduleDto, UpdateScheduleBody } from '@balcao/shared';
import { attachmentRoutes, recordRoutes } from '../../infra/record-routes';
import type { SchedulesService } from './schedules.service';

export const schedulesRoutes = (schedules: SchedulesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/schedules', { schema: { querystring: ListSchedulesQuery, response: { 200: ListSchedulesResponse } } }, (req) => schedules.page(req.ctx, req.query));
  recordRoutes(fastify, '/schedules', { dto: ScheduleDto, create: CreateScheduleBody, update: UpdateScheduleBody }, schedules);
  attachmentRoutes(fastify, '/schedules', ScheduleDto, schedules);
};
