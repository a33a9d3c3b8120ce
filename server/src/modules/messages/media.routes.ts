import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { IdParam } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import type { MediaStore } from '../../infra/media-store';
import { parse } from '../../infra/validate';
import { contentTypeOf, mediaOf } from './media.service';

export const mediaRoutes = (deps: { data: DataAccess; media: MediaStore }) => async (app: FastifyInstance) => {
  app.get('/messages/:id/media', async (req, reply) => {
    const file = await mediaOf(deps, req.ctx, parse(IdParam, req.params).id);
    const { type, inline } = contentTypeOf(file.name);
    const fileName = file.name.replace(/^[0-9a-f]{24}-/, '');
    void reply.type(type).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=86400');
    void reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${fileName}"`);
    return reply.send(createReadStream(file.path));
  });
};
