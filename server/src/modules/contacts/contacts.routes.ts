import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactDto, CreateContactBody, IdParam, ListContactsQuery, ListContactsResponse } from '@balcao/shared';
import type { ContactsService } from './contacts.service';

export const contactsRoutes = (contacts: ContactsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/contacts', { schema: { querystring: ListContactsQuery, response: { 200: ListContactsResponse } } }, (req) => contacts.list(req.ctx, req.query));
  app.get('/contacts/:id', { schema: { params: IdParam, response: { 200: ContactDto } } }, (req) => contacts.show(req.ctx, req.params.id));
  app.post('/contacts', { schema: { body: CreateContactBody, response: { 200: ContactDto } } }, (req) => contacts.create(req.ctx, req.body));
};
