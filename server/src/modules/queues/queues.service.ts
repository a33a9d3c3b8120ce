import { can, type CreateQueueBody, type QueueDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { assertBelowLimit } from '../companies';
import * as repo from './queues.repository';

export const createQueuesService = (data: DataAccess) => ({
  list: (ctx: Ctx): Promise<QueueDto[]> => data.withTenant(ctx, async ({ tx }) => (await repo.list(tx, ctx.companyId)).map(repo.toQueueDto)),

  create: (ctx: Ctx, body: CreateQueueBody): Promise<QueueDto> =>
    data.withTenant(ctx, async ({ tx, stage }) => {
      if (!can(ctx, 'queues:create')) throw new AppError('ERR_NO_PERMISSION');
      await assertBelowLimit(tx, ctx.companyId, 'queues', (t) => repo.count(t, ctx.companyId));
      if (await repo.colorTaken(tx, ctx.companyId, body.color)) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
      const row = await repo.insert(tx, { ...body, orderQueue: body.orderQueue ?? null, companyId: ctx.companyId });
      const dto = repo.toQueueDto(row);
      stage({ type: 'queue.created', companyId: ctx.companyId, queue: dto });
      return dto;
    }),
});

export type QueuesService = ReturnType<typeof createQueuesService>;
