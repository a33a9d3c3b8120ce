import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactListBody,
  ContactListDto,
  ContactListItemDto,
  ContactListsListQuery,
  ContactListUploadResponse,
  CreateContactListItemBody,
  IdParam,
  ListContactListItemsQuery,
  ListContactListItemsResponse,
  ListContactListsQuery,
  ListContactListsResponse,
  UpdateContactListItemBody,
} from '@balcao/shared';
import { recordRoutes } from '../../infra/record-routes';
import { fileResponse, readUploadBytes } from '../../infra/uploads';
import type { ContactListsService } from './contact-lists.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ExampleQuery = z.object({ language: z.string().max(10).optional() });

export const contactListsRoutes = (lists: ContactListsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/contact-lists', { schema: { querystring: ListContactListsQuery, response: { 200: ListContactListsResponse } } }, (req) => lists.page(req.ctx, req.query));
  // Declared before `/:id` so "list" and the example are never read as an id.
  app.get('/contact-lists/list', { schema: { querystring: ContactListsListQuery, response: { 200: z.array(ContactListDto) } } }, (req) => lists.all(req.ctx));
  app.get('/contact-lists/example.xlsx', { schema: { querystring: ExampleQuery, response: fileResponse } }, async (req, reply) => {
    const bytes = await lists.example(req.ctx, req.query.language);
    return reply.type(XLSX).header('content-disposition', 'attachment; filename="exemplo-lista-de-contatos.xlsx"').header('cache-control', 'private, no-cache').send(bytes);
  });
  recordRoutes(fastify, '/contact-lists', { dto: ContactListDto, create: ContactListBody, update: ContactListBody }, lists);
  app.post('/contact-lists/:id/upload', { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: ContactListUploadResponse } } }, async (req) => {
    return lists.upload(req.ctx, req.params.id, await readUploadBytes(req));
  });

  app.get('/contact-list-items', { schema: { querystring: ListContactListItemsQuery, response: { 200: ListContactListItemsResponse } } }, (req) => lists.items(req.ctx, req.query));
  recordRoutes(
    fastify,
    '/contact-list-items',
    { dto: ContactListItemDto, create: CreateContactListItemBody, update: UpdateContactListItemBody },
    { create: lists.createItem, show: lists.showItem, update: lists.updateItem, remove: lists.removeItem },
  );
};
