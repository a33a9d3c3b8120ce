import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateQuickMessageBody,
  IdParam,
  ListQuickMessagesQuery,
  ListQuickMessagesResponse,
  OkResponse,
  QuickMessageDto,
  QuickMessagesListQuery,
  UpdateQuickMessageBody,
} from '@balcao/shared';
import { AppError } from '../../infra/errors';
import { originalName } from '../../infra/media-store';
import { servedTypeOf, type QuickMessagesService, type UploadedFile } from './quick-messages.service';

/** The bytes as stored; their type is in Content-Type (never serialized: a stream). */
const fileResponse = { 200: { description: 'The file', content: { '*/*': { schema: z.any().meta({ type: 'string', format: 'binary' }) } } } };

/**
 * The first file part of a multipart body, whatever its field (the spec's client sends
 * `typeArch` and `file`); other fields are ignored. Not multipart, or no file: 400.
 */
const readUpload = async (req: FastifyRequest): Promise<UploadedFile> => {
  if (!req.isMultipart()) throw new AppError('ERR_VALIDATION', 'multipart/form-data with a file expected');
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      file ??= { bytes, fileName: part.filename ?? '', mimetype: part.mimetype ?? 'application/octet-stream' };
    }
  } catch (err) {
    // Over a limit (413 and the like) keeps its status; a body the parser cannot read is the client's.
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw new AppError('ERR_VALIDATION', 'malformed multipart body');
  }
  if (!file) throw new AppError('ERR_VALIDATION', 'no file in the request');
  return file;
};

export const quickMessagesRoutes = (quick: QuickMessagesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Declared before `/:id` so "list" is never read as an id.
  app.get('/quick-messages/list', { schema: { querystring: QuickMessagesListQuery, response: { 200: z.array(QuickMessageDto) } } }, (req) => quick.usable(req.ctx));
  app.get('/quick-messages', { schema: { querystring: ListQuickMessagesQuery, response: { 200: ListQuickMessagesResponse } } }, (req) => quick.page(req.ctx, req.query));
  app.post('/quick-messages', { schema: { body: CreateQuickMessageBody, response: { 200: QuickMessageDto } } }, (req) => quick.create(req.ctx, req.body));
  app.get('/quick-messages/:id', { schema: { params: IdParam, response: { 200: QuickMessageDto } } }, (req) => quick.show(req.ctx, req.params.id));
  app.put('/quick-messages/:id', { schema: { params: IdParam, body: UpdateQuickMessageBody, response: { 200: QuickMessageDto } } }, (req) =>
    quick.update(req.ctx, req.params.id, req.body),
  );
  app.delete('/quick-messages/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await quick.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/quick-messages/:id/media-upload', { schema: { params: IdParam, consumes: ['multipart/form-data'], response: { 200: QuickMessageDto } } }, async (req) =>
    quick.attach(req.ctx, req.params.id, await readUpload(req)),
  );
  app.delete('/quick-messages/:id/media-upload', { schema: { params: IdParam, response: { 200: QuickMessageDto } } }, (req) => quick.detach(req.ctx, req.params.id));
  app.get('/quick-messages/:id/media', { schema: { params: IdParam, response: fileResponse } }, async (req, reply) => {
    const file = await quick.mediaOf(req.ctx, req.params.id);
    const { type, inline } = servedTypeOf(file.name);
    void reply.type(type).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-cache');
    void reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${originalName(file.name)}"`);
    return reply.send(createReadStream(file.path));
  });
};
