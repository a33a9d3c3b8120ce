import type { FastifyInstance } from 'fastify';
import { CreateContactBody, IdParam, ListContactsQuery } from '@balcao/shared';
import { parse } from '../../infra/validate';
import type { ContactsService } from './contacts.service';

export const contactsRoutes = (contacts: ContactsService) => async (app: FastifyInstance) => {
  app.get('/contacts', (req) => contacts.list(req.ctx, parse(ListContactsQuery, req.query)));
  app.get('/contacts/:id', (req) => contacts.show(req.ctx, parse(IdParam, req.params).id));
  app.post('/contacts', (req) => contacts.create(req.ctx, parse(CreateContactBody, req.body)));
};
