import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateQueueBody, QueueDto } from '@balcao/shared';
import type { QueuesService } from './queues.service';

export const queuesRoutes = (queues: QueuesService) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/queue', { schema: { response: { 200: z.array(QueueDto) } } }, (req) => queues.list(req.ctx));
  app.post('/queue', { schema: { body: CreateQueueBody, response: { 200: QueueDto } } }, (req) => queues.create(req.ctx, req.body));
};
