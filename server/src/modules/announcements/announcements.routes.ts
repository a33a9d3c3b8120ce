import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnnouncementDto, CreateAnnouncementBody, ListAnnouncementsQuery, ListAnnouncementsResponse, UpdateAnnouncementBody } from '@balcao/shared';
import { attachmentRoutes, recordRoutes } from '../../infra/record-routes';
import type { AnnouncementsService } from './announcements.service';

/** administration.md §7 "Announcements" and attendance.md §7 (`GET /announcements/` → records, hasMore). */
export const announcementsRoutes = (svc: AnnouncementsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/announcements', { schema: { querystring: ListAnnouncementsQuery, response: { 200: ListAnnouncementsResponse } } }, (req) => svc.page(req.ctx, req.query));
  recordRoutes(fastify, '/announcements', { dto: AnnouncementDto, create: CreateAnnouncementBody, update: UpdateAnnouncementBody }, svc);
  attachmentRoutes(fastify, '/announcements', AnnouncementDto, svc);
};
