import type { FastifyInstance } from 'fastify';
import { CreateQueueBody } from '@balcao/shared';
import { parse } from '../../infra/validate';
import type { QueuesService } from './queues.service';

export const queuesRoutes = (queues: QueuesService) => async (app: FastifyInstance) => {
  app.get('/queue', (req) => queues.list(req.ctx));
  app.post('/queue', (req) => queues.create(req.ctx, parse(CreateQueueBody, req.body)));
};
