import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactDto,
  ContactsListQuery,
  ContactUploadResponse,
  CreateContactBody,
  ListContactsQuery,
  ListContactsResponse,
  UpdateContactBody,
} from '@balcao/shared';
import { recordRoutes } from '../../infra/record-routes';
import { readUploadBytes } from '../../infra/uploads';
import type { ContactsService } from './contacts.service';

export const contactsRoutes = (contacts: ContactsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/contacts', { schema: { querystring: ListContactsQuery, response: { 200: ListContactsResponse } } }, (req) => contacts.list(req.ctx, req.query));
  // Declared before `/:id` so "list" is never read as an id.
  app.get('/contacts/list', { schema: { querystring: ContactsListQuery, response: { 200: z.array(ContactDto) } } }, (req) => contacts.all(req.ctx));
  recordRoutes(fastify, '/contacts', { dto: ContactDto, create: CreateContactBody, update: UpdateContactBody }, contacts);
  app.post('/contacts/upload', { schema: { consumes: ['multipart/form-data'], response: { 200: ContactUploadResponse } } }, async (req) =>
    contacts.upload(req.ctx, await readUploadBytes(req)),
  );
};
