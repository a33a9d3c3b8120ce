import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateQueueBody,
  CreateQueueOptionBody,
  IdParam,
  ListQueueOptionsQuery,
  OkResponse,
  QueueDto,
  QueueOptionDto,
  UpdateQueueBody,
  UpdateQueueOptionBody,
} from '@balcao/shared';
import { fileResponse, readUpload, sendStoredFile } from '../../infra/uploads';
import type { QueuesService } from './queues.service';

/** `GET /queue` takes the spec client's `companyId` and ignores it (the company is the token's). */
const ListQueuesQuery = z.object({ companyId: z.string().max(50).optional() });
const multipart = ['multipart/form-data'];

export const queuesRoutes = (queues: QueuesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/queue', { schema: { querystring: ListQueuesQuery, response: { 200: z.array(QueueDto) } } }, (req) => queues.list(req.ctx));
  app.post('/queue', { schema: { body: CreateQueueBody, response: { 200: QueueDto } } }, (req) => queues.create(req.ctx, req.body));
  app.get('/queue/:id', { schema: { params: IdParam, response: { 200: QueueDto } } }, (req) => queues.show(req.ctx, req.params.id));
  app.put('/queue/:id', { schema: { params: IdParam, body: UpdateQueueBody, response: { 200: QueueDto } } }, (req) => queues.update(req.ctx, req.params.id, req.body));
  app.delete('/queue/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await queues.remove(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/queue/:id/media-upload', { schema: { params: IdParam, consumes: multipart, response: { 200: QueueDto } } }, async (req) =>
    queues.attach(req.ctx, req.params.id, await readUpload(req)),
  );
  app.delete('/queue/:id/media-upload', { schema: { params: IdParam, response: { 200: QueueDto } } }, (req) => queues.detach(req.ctx, req.params.id));
  app.get('/queue/:id/media', { schema: { params: IdParam, response: fileResponse } }, async (req, reply) => sendStoredFile(reply, await queues.mediaOf(req.ctx, req.params.id)));

  app.get('/queue-options', { schema: { querystring: ListQueueOptionsQuery, response: { 200: z.array(QueueOptionDto) } } }, (req) => queues.options(req.ctx, req.query));
  app.post('/queue-options', { schema: { body: CreateQueueOptionBody, response: { 200: QueueOptionDto } } }, (req) => queues.createOption(req.ctx, req.body));
  app.put('/queue-options/:id', { schema: { params: IdParam, body: UpdateQueueOptionBody, response: { 200: QueueOptionDto } } }, (req) =>
    queues.updateOption(req.ctx, req.params.id, req.body),
  );
  app.delete('/queue-options/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await queues.removeOption(req.ctx, req.params.id);
    return { ok: true as const };
  });
  app.post('/queue-options/:id/media-upload', { schema: { params: IdParam, consumes: multipart, response: { 200: QueueOptionDto } } }, async (req) =>
    queues.attachOption(req.ctx, req.params.id, await readUpload(req)),
  );
  app.delete('/queue-options/:id/media-upload', { schema: { params: IdParam, response: { 200: QueueOptionDto } } }, (req) => queues.detachOption(req.ctx, req.params.id));
  app.get('/queue-options/:id/media', { schema: { params: IdParam, response: fileResponse } }, async (req, reply) =>
    sendStoredFile(reply, await queues.optionMediaOf(req.ctx, req.params.id)),
  );
};
