import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateQueueBody, CreateQueueOptionBody, IdParam, ListQueueOptionsQuery, OkResponse, QueueDto, QueueOptionDto, UpdateQueueBody, UpdateQueueOptionBody } from '@balcao/shared';
import { attachmentRoutes, recordRoutes } from '../../infra/record-routes';
import type { QueuesService } from './queues.service';

/** `GET /queue` takes the spec client's `companyId` and ignores it (the company is the token's). */
const ListQueuesQuery = z.object({ companyId: z.string().max(50).optional() });

export const queuesRoutes = (queues: QueuesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/queue', { schema: { querystring: ListQueuesQuery, response: { 200: z.array(QueueDto) } } }, (req) => queues.list(req.ctx));
  recordRoutes(fastify, '/queue', { dto: QueueDto, create: CreateQueueBody, update: UpdateQueueBody }, queues);
  attachmentRoutes(fastify, '/queue', QueueDto, queues);

  app.get('/queue-options', { schema: { querystring: ListQueueOptionsQuery, response: { 200: z.array(QueueOptionDto) } } }, (req) => queues.options(req.ctx, req.query));
  app.post('/queue-options', { schema: { body: CreateQueueOptionBody, response: { 200: QueueOptionDto } } }, (req) => queues.createOption(req.ctx, req.body));
  app.put('/queue-options/:id', { schema: { params: IdParam, body: UpdateQueueOptionBody, response: { 200: QueueOptionDto } } }, (req) =>
    queues.updateOption(req.ctx, req.params.id, req.body),
  );
  app.delete('/queue-options/:id', { schema: { params: IdParam, response: { 200: OkResponse } } }, async (req) => {
    await queues.removeOption(req.ctx, req.params.id);
    return { ok: true as const };
  });
  attachmentRoutes(fastify, '/queue-options', QueueOptionDto, { attach: queues.attachOption, detach: queues.detachOption, mediaOf: queues.optionMediaOf });
};
