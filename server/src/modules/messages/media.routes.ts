import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import type { MediaStore } from '../../infra/media-store';
import { contentTypeOf, mediaOf } from './media.service';

/** The bytes as stored; their type is in Content-Type (never serialized: a stream). */
const fileResponse = { 200: { description: 'The file', content: { '*/*': { schema: z.any().meta({ type: 'string', format: 'binary' }) } } } };

export const mediaRoutes = (deps: { data: DataAccess; media: MediaStore }) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/messages/:id/media', { schema: { params: IdParam, response: fileResponse } }, async (req, reply) => {
    const file = await mediaOf(deps, req.ctx, req.params.id);
    const { type, inline } = contentTypeOf(file.name);
    const fileName = file.name.replace(/^[0-9a-f]{24}-/, '');
    void reply.type(type).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=86400');
    void reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${fileName}"`);
    return reply.send(createReadStream(file.path));
  });
};
