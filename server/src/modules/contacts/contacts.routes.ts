import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactDto,
  ContactsListQuery,
  ContactUploadResponse,
  CreateContactBody,
  IdParam,
  ListContactsQuery,
  ListContactsResponse,
  OkResponse,
  UpdateContactBody,
} from '@balcao/shared';
import { AppError } from '../../infra/errors';
import type { ContactsService } from './contacts.service';

/** The first file part of a multipart body, whatever its field; not multipart or no file: 400. */
const readFile = async (req: FastifyRequest): Promise<Buffer> => {
  if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', 'multipart/form-data with a file expected');
  let file: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      file ??= bytes;
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw new AppError('ERR_VALIDATION', 'malformed multipart body');
  }
  if (!file) throw new AppError('ERR_VALIDATION', 'no file in the request');
  if (!file.length) throw new AppError('ERR_VALIDATION', 'the file is empty');
  return file;
};

export const contactsRoutes = (contacts: ContactsService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/contacts', { schema: { querystring: ListContactsQuery, response: { 200: ListContactsResponse } } }, (req) => contacts.list(req.ctx, req.query));
  // Declared before `/:id` so "list" is never read as an id.
  app.get('/contacts/list', { schema: { querystring: ContactsListQuery, response: { 200: z.array(ContactDto) } } }, (req) => contacts.all(req.ctx));
  app.get('/contacts/:id', { schema: { params: IdParam, response: { 200: ContactDto } } }, (req) => contacts.show(req.ctx, req.params.id));
  app.post('/contacts', { schema: { body: CreateContactBody, response: { 200: ContactDto } } }, (req) => contacts.create(req.ctx, req.body));
  app.put('/contacts/:id', { schema: { params: IdParam, body: UpdateContactBody, response: { 200: ContactDto } } }, (req) =>
    contacts.update(req.ctx, req.params.id, req.body),
  );
  app.delete('/contacts/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await contacts.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/contacts/upload', { schema: { consumes: ['multipart/form-data'], response: { 200: ContactUploadResponse } } }, async (req) =>
    contacts.upload(req.ctx, await readFile(req)),
  );
};
