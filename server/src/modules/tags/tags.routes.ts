import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContactDto, CreateTagBody, IdParam, KanbanTagsResponse, TicketDto, TicketTagParams, TicketTagsParams, ListTagsQuery, ListTagsResponse, OkResponse, SetContactTagsBody, SyncTagsBody, SyncTagsResponse, TagDto, TagListItemDto, UpdateTagBody } from '@balcao/shared';
import type { TagsService } from './tags.service';

export const tagsRoutes = (tags: TagsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/tags', { schema: { querystring: ListTagsQuery, response: { 200: ListTagsResponse } } }, (req) => tags.page(req.ctx, req.query));
  app.get('/tags/list', { schema: { response: { 200: z.array(TagDto) } } }, (req) => tags.list(req.ctx));
  app.post('/tags', { schema: { body: CreateTagBody, response: { 200: TagDto } } }, (req) => tags.create(req.ctx, req.body));
  app.post('/tags/sync', { schema: { body: SyncTagsBody, response: { 200: SyncTagsResponse } } }, (req) => tags.sync(req.ctx, req.body));
  app.get('/tags/kanban', { schema: { response: { 200: KanbanTagsResponse } } }, (req) => tags.kanbanLanes(req.ctx));
  app.put('/ticket-tags/:ticketId/:tagId', { schema: { params: TicketTagParams, response: { 200: TicketDto } } }, (req) => tags.addTicketTag(req.ctx, req.params.ticketId, req.params.tagId));
  app.delete('/ticket-tags/:ticketId', { schema: { params: TicketTagsParams, response: { 200: TicketDto } } }, (req) => tags.removeTicketKanbanTags(req.ctx, req.params.ticketId));
  app.get('/tags/:id', { schema: { params: IdParam, response: { 200: TagListItemDto } } }, (req) => tags.show(req.ctx, req.params.id));
  app.put('/tags/:id', { schema: { params: IdParam, body: UpdateTagBody, response: { 200: TagListItemDto } } }, (req) => tags.update(req.ctx, req.params.id, req.body));
  app.delete('/tags/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await tags.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.put('/contacts/:id/tags', { schema: { params: IdParam, body: SetContactTagsBody, response: { 200: ContactDto } } }, (req) =>
    tags.setContactTags(req.ctx, req.params.id, req.body.tagIds),
  );
};
