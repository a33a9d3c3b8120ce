import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import type { MediaStore } from '../../infra/media-store';
import { fileResponse, sendStoredFile } from '../../infra/uploads';
import { mediaOf } from './media.service';

/**
 * The bytes as stored; only pictures, video and audio render in place, no HTML or SVG is ever
 * served from our origin (decision 0034). A message's file never changes: cached a day.
 */
export const mediaRoutes = (deps: { data: DataAccess; media: MediaStore }) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/messages/:id/media', { schema: { params: IdParam, response: fileResponse } }, async (req, reply) =>
    sendStoredFile(reply, await mediaOf(deps, req.ctx, req.params.id), 'private, max-age=86400'),
  );
};
