import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnnouncementDto, CreateAnnouncementBody, IdParam, ListAnnouncementsQuery, ListAnnouncementsResponse, OkResponse, UpdateAnnouncementBody } from '@balcao/shared';
import { fileResponse, readUpload, sendStoredFile } from '../../infra/uploads';
import type { AnnouncementsService } from './announcements.service';

/** administration.md §7 "Announcements" and attendance.md §7 (`GET /announcements/` → records, hasMore). */
export const announcementsRoutes = (svc: AnnouncementsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/announcements', { schema: { querystring: ListAnnouncementsQuery, response: { 200: ListAnnouncementsResponse } } }, (req) => svc.page(req.ctx, req.query));
  app.post('/announcements', { schema: { body: CreateAnnouncementBody, response: { 200: AnnouncementDto } } }, (req) => svc.create(req.ctx, req.body));
  app.get('/announcements/:id', { schema: { params: IdParam, response: { 200: AnnouncementDto } } }, (req) => svc.show(req.ctx, req.params.id));
  app.put('/announcements/:id', { schema: { params: IdParam, body: UpdateAnnouncementBody, response: { 200: AnnouncementDto } } }, (req) => svc.update(req.ctx, req.params.id, req.body));
  app.delete('/announcements/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await svc.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/announcements/:id/media-upload', { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: AnnouncementDto } } }, async (req) =>
    svc.attach(req.ctx, req.params.id, await readUpload(req)),
  );
  app.delete('/announcements/:id/media-upload', { schema: { params: IdParam, response: { 200: AnnouncementDto } } }, (req) => svc.detach(req.ctx, req.params.id));
  app.get('/announcements/:id/media', { schema: { params: IdParam, response: fileResponse } }, async (req, reply) => sendStoredFile(reply, await svc.mediaOf(req.ctx, req.params.id)));
};
