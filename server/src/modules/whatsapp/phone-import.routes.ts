import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ImportPhoneContactsBody, PhoneImportProgress } from '@balcao/shared';
import type { PhoneImport } from './phone-import.service';

/**
 * `POST /contacts/import` lives with the channels (the phone's book is theirs); it creates
 * contacts through the contacts module's door (decision 0151).
 */
export const phoneImportRoutes = (phoneImport: PhoneImport) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/contacts/import', { schema: { body: ImportPhoneContactsBody, response: { 200: PhoneImportProgress } } }, (req) => phoneImport.start(req.ctx, req.body));
};
