import { hash } from '@node-rs/argon2';
import { can, type CreateUserBody, type UserDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { assertBelowLimit } from '../companies';
import { queuesQueries } from '../queues';
import { whatsappQueries } from '../whatsapp';
import * as repo from './users.repository';
import { pgCode, UNIQUE_VIOLATION } from '../../db/errors';

export const hashPassword = (password: string): Promise<string> => hash(password);

export const createUsersService = (data: DataAccess) => ({
  list: (ctx: Ctx): Promise<UserDto[]> => data.withTenant(ctx, ({ tx }) => repo.list(tx, ctx.companyId)),

  /**
   * One user of the caller's company with `queues` and `whatsappId` (the spec's client reads its
   * own on every page and an admin's edit form reads any): the same visibility as /users/list.
   */
  show: (ctx: Ctx, id: number): Promise<UserDto> =>
    data.withTenant(ctx, async ({ tx }) => {
      const dto = await repo.getDto(tx, ctx.companyId, id);
      if (!dto) throw new AppError('ERR_NO_USER_FOUND');
      return dto;
    }),

  create: async (ctx: Ctx, body: CreateUserBody): Promise<UserDto> => {
    if (!can(ctx, 'users:create')) throw new AppError('ERR_NO_PERMISSION');
    const passwordHash = await hashPassword(body.password);
    return data.withTenant(ctx, async ({ tx, stage }) => {
      await assertBelowLimit(tx, ctx.companyId, 'users', (t) => repo.count(t, ctx.companyId));
      const queueIds = await queuesQueries.existingIds(tx, ctx.companyId, body.queueIds);
      if (queueIds.length !== new Set(body.queueIds).size) throw new AppError('ERR_NO_QUEUE_FOUND');
      if (body.whatsappId && !(await whatsappQueries.get(tx, ctx.companyId, body.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
      // E-mails are unique across the platform (login is by e-mail alone); RLS does not hide
      // index conflicts, so another company's address is reported as taken, never shown.
      const row = await repo.insert(tx, ctx.companyId, {
        name: body.name,
        email: body.email,
        passwordHash,
        profile: body.profile,
        allTicket: body.allTicket,
        whatsappId: body.whatsappId ?? null,
      }).catch((err: unknown) => {
        if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('ERR_DUPLICATED_EMAIL');
        throw err;
      });
      await repo.setQueues(tx, ctx.companyId, row.id, queueIds);
      const dto = (await repo.getDto(tx, ctx.companyId, row.id))!;
      stage({ type: 'user.created', companyId: ctx.companyId, user: dto });
      return dto;
    });
  },
});

export type UsersService = ReturnType<typeof createUsersService>;
