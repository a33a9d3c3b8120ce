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
  OkResponse,
  UpdateContactListItemBody,
} from '@balcao/shared';
import { AppError } from '../../infra/errors';
import { fileResponse, readUpload } from '../../infra/uploads';
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
  app.get('/contact-lists/:id', { schema: { params: IdParam, response: { 200: ContactListDto } } }, (req) => lists.show(req.ctx, req.params.id));
  app.post('/contact-lists', { schema: { body: ContactListBody, response: { 200: ContactListDto } } }, (req) => lists.create(req.ctx, req.body));
  app.put('/contact-lists/:id', { schema: { params: IdParam, body: ContactListBody, response: { 200: ContactListDto } } }, (req) => lists.update(req.ctx, req.params.id, req.body));
  app.delete('/contact-lists/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await lists.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/contact-lists/:id/upload', { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: ContactListUploadResponse } } }, async (req) => {
    const file = await readUpload(req);
    if (!file.bytes.length) throw new AppError('ERR_VALIDATION', 'the file is empty');
    return lists.upload(req.ctx, req.params.id, file.bytes);
  });

  app.get('/contact-list-items', { schema: { querystring: ListContactListItemsQuery, response: { 200: ListContactListItemsResponse } } }, (req) => lists.items(req.ctx, req.query));
  app.get('/contact-list-items/:id', { schema: { params: IdParam, response: { 200: ContactListItemDto } } }, (req) => lists.showItem(req.ctx, req.params.id));
  app.post('/contact-list-items', { schema: { body: CreateContactListItemBody, response: { 200: ContactListItemDto } } }, (req) => lists.createItem(req.ctx, req.body));
  app.put('/contact-list-items/:id', { schema: { params: IdParam, body: UpdateContactListItemBody, response: { 200: ContactListItemDto } } }, (req) =>
    lists.updateItem(req.ctx, req.params.id, req.body),
  );
  app.delete('/contact-list-items/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await lists.removeItem(req.ctx, req.params.id);
    return { ok: true as const };
  });
};
