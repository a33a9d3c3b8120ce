import { hash, type Options as HashCost } from '@node-rs/argon2';
import { can, presenceOf, type CreateUserBody, type ListUsersQuery, type ListUsersResponse, type PresenceDto, type SetPresenceBody, type UpdateUserBody, type UserDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { auditQueries } from '../audit';
import { assertBelowLimit } from '../companies';
import { queuesQueries } from '../queues';
import { whatsappQueries } from '../whatsapp';
import * as repo from './users.repository';
import { pgCode, UNIQUE_VIOLATION } from '../../db/errors';

/** argon2id with the library's defaults (19 MiB, 2 passes) unless a test lowered the cost. */
let hashCost: HashCost | undefined;
/**
 * Tests only (server/test/setup-hash-cost.ts): a password hash costs ~25 ms of CPU at the real
 * parameters, and the suite makes thousands. `undefined` puts the real parameters back.
 */
export const setPasswordHashCostForTests = (cost: HashCost | undefined): void => {
  hashCost = cost;
};
export const hashPassword = (password: string): Promise<string> => hash(password, hashCost);

/** What the audit trail keeps of a user: never the password (only that it changed). */
const auditView = (u: UserDto, passwordChanged = false) => ({
  name: u.name,
  email: u.email,
  profile: u.profile,
  allTicket: u.allTicket,
  whatsappId: u.whatsappId,
  maxTickets: u.maxTickets,
  queueIds: u.queues.map((q) => q.id),
  ...(passwordChanged ? { password: 'changed' } : {}),
});

/** Refuses when `userId` is the company's only admin (its admin rows stay locked until commit). */
const assertNotLastAdmin = async (tx: Parameters<typeof repo.lockAdmins>[0], companyId: number, userId: number) => {
  const admins = await repo.lockAdmins(tx, companyId);
  if (admins.includes(userId) && admins.length === 1) throw new AppError('ERR_LAST_ADMIN');
};

export const createUsersService = (data: DataAccess) => ({
  list: (ctx: Ctx): Promise<UserDto[]> => data.withTenant(ctx, ({ tx }) => repo.list(tx, ctx.companyId)),

  /**
   * `GET /users`: the /users screen's page and the spec client's transfer search. Every agent may
   * read it (the same list as /users/list, which the transfer dialog needs); changing is for admins.
   */
  page: (ctx: Ctx, q: ListUsersQuery): Promise<ListUsersResponse> => data.withTenant(ctx, ({ tx }) => repo.page(tx, ctx.companyId, q)),

  /**
   * One user of the caller's company with `queues` and `whatsappId` (the spec's client reads its
   * own on every page and an admin's edit form reads any): the same visibility as /users/list.
   */
  show: (ctx: Ctx, id: number): Promise<UserDto> =>
    data.withTenant(ctx, async ({ tx }) => {
      const dto = found(await repo.getDto(tx, ctx.companyId, id), 'ERR_NO_USER_FOUND');
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
        maxTickets: body.maxTickets ?? null,
      }).catch((err: unknown) => {
        if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('ERR_DUPLICATED_EMAIL');
        throw err;
      });
      await repo.setQueues(tx, ctx.companyId, row.id, queueIds);
      const dto = (await repo.getDto(tx, ctx.companyId, row.id))!;
      await auditQueries.record(tx, ctx, { entity: 'user', entityId: dto.id, action: 'create', after: auditView(dto) });
      stage({ type: 'user.created', companyId: ctx.companyId, user: dto });
      return dto;
    });
  },

  /**
   * PUT /users/:id (decision 0089): everyone edits their own name, e-mail and password; admins
   * (`user-modal:editProfile`) edit any user of the company, including profile, queues, default
   * connection and allTicket. Nobody changes their own profile. A field sent with its current
   * value is no change (the spec's modal sends them all). A change to what the user may see ends
   * their access tokens (profile is a claim) or at least moves their sockets to the new rooms.
   */
  update: async (ctx: Ctx, id: number, body: UpdateUserBody): Promise<UserDto> => {
    const admin = can(ctx, 'user-modal:editProfile');
    if (id !== ctx.userId && !admin) throw new AppError('ERR_NO_PERMISSION');
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    return data.withTenant(ctx, async ({ tx, stage }) => {
      const current = found(await repo.getDto(tx, ctx.companyId, id), 'ERR_NO_USER_FOUND');
      const sameSet = (a: number[], b: number[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;
      const profileChanges = body.profile !== undefined && body.profile !== current.profile;
      const queueIds = body.queueIds === undefined ? undefined : [...new Set(body.queueIds)];
      const queuesChange = queueIds !== undefined && !sameSet(queueIds, current.queues.map((q) => q.id));
      const allTicketChanges = body.allTicket !== undefined && body.allTicket !== current.allTicket;
      const whatsappChanges = body.whatsappId !== undefined && body.whatsappId !== current.whatsappId;
      const maxTicketsChange = body.maxTickets !== undefined && body.maxTickets !== current.maxTickets;
      if (profileChanges && (id === ctx.userId || !admin)) throw new AppError('ERR_NO_PERMISSION');
      if (queuesChange && !can(ctx, 'user-modal:editQueues')) throw new AppError('ERR_NO_PERMISSION');
      if ((allTicketChanges || whatsappChanges || maxTicketsChange) && !admin) throw new AppError('ERR_NO_PERMISSION');
      if (queuesChange && (await queuesQueries.existingIds(tx, ctx.companyId, queueIds!)).length !== queueIds!.length) {
        throw new AppError('ERR_NO_QUEUE_FOUND');
      }
      if (whatsappChanges && body.whatsappId && !(await whatsappQueries.get(tx, ctx.companyId, body.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
      if (profileChanges) await assertNotLastAdmin(tx, ctx.companyId, id);
      await repo
        .update(tx, ctx.companyId, id, {
          name: body.name,
          email: body.email,
          ...(passwordHash ? { passwordHash } : {}),
          ...(profileChanges ? { profile: body.profile } : {}),
          ...(allTicketChanges ? { allTicket: body.allTicket } : {}),
          ...(whatsappChanges ? { whatsappId: body.whatsappId ?? null } : {}),
          ...(maxTicketsChange ? { maxTickets: body.maxTickets ?? null } : {}),
        })
        .catch((err: unknown) => {
          if (pgCode(err) === UNIQUE_VIOLATION) throw new AppError('ERR_DUPLICATED_EMAIL');
          throw err;
        });
      if (queuesChange) await repo.setQueues(tx, ctx.companyId, id, queueIds!);
      // The profile is a claim of the access token: the user's tokens end, the next refresh has the new one.
      // A new password ends every access token of the user too (issue 28 §7): a stolen copy dies
      // now, the user's own client refreshes with its cookie and goes on. A password an admin set
      // ends the user's whole session (refresh chains too: the auth module, on the event).
      const passwordSetByOther = !!passwordHash && id !== ctx.userId;
      if (profileChanges || passwordHash) await repo.bumpSessionVersion(tx, ctx.companyId, id);
      const dto = (await repo.getDto(tx, ctx.companyId, id))!;
      await auditQueries.record(tx, ctx, { entity: 'user', entityId: id, action: 'update', before: auditView(current), after: auditView(dto, !!passwordHash) });
      const roomsChanged = profileChanges || queuesChange || allTicketChanges;
      stage({ type: 'user.updated', companyId: ctx.companyId, user: dto, ...(roomsChanged ? { roomsChanged: true as const } : {}), ...(passwordSetByOther ? { sessionEnded: true as const } : {}), ...(passwordHash && !passwordSetByOther ? { passwordChanged: true as const } : {}) });
      return dto;
    });
  },

  /**
   * `DELETE /users/:id` (decision 0110): admins only; never oneself, never the super user (unless
   * one is), never the company's last admin. The user's tickets stay, unassigned (the database
   * sets their user to null); open ones go back to pending when the tickets module hears it.
   */
  remove: (ctx: Ctx, id: number): Promise<void> =>
    data.withTenant(ctx, async ({ tx, stage }) => {
      if (!can(ctx, 'users:delete')) throw new AppError('ERR_NO_PERMISSION');
      const current = found(await repo.getDto(tx, ctx.companyId, id), 'ERR_NO_USER_FOUND');
      // The installation's owner is deleted by no company admin (`companies:manage`: super users only).
      if (id === ctx.userId || (current.super && !can(ctx, 'companies:manage'))) throw new AppError('ERR_NO_PERMISSION');
      await assertNotLastAdmin(tx, ctx.companyId, id);
      await repo.remove(tx, ctx.companyId, id);
      await auditQueries.record(tx, ctx, { entity: 'user', entityId: id, action: 'delete', before: auditView(current) });
      stage({ type: 'user.deleted', companyId: ctx.companyId, userId: id });
    }),

  /**
   * The user's sockets (decision 0111): one connects or sends the `userStatus` heartbeat → online;
   * the last one goes away → offline. The admins' list hears a change.
   */
  setOnline: (ctx: Ctx, online: boolean): Promise<void> =>
    data.withTenant(ctx, async ({ tx, stage }) => {
      const r = await repo.setOnline(tx, ctx.companyId, ctx.userId, online);
      if (!r?.changed) return;
      const dto = await repo.getDto(tx, ctx.companyId, ctx.userId);
      if (dto) stage({ type: 'user.presence', companyId: ctx.companyId, user: dto });
    }),

  /** `PUT /users/me/presence` (decision 0380): the agent's own online / away toggle; answers their presence. */
  setPresence: (ctx: Ctx, body: SetPresenceBody): Promise<PresenceDto> =>
    data.withTenant(ctx, async ({ tx, stage }) => {
      const r = await repo.setAway(tx, ctx.companyId, ctx.userId, body.status === 'away');
      const dto = await repo.getDto(tx, ctx.companyId, ctx.userId);
      if (!r || !dto) throw new AppError('ERR_NO_USER_FOUND');
      if (r.changed) stage({ type: 'user.presence', companyId: ctx.companyId, user: dto });
      return presenceOf(dto);
    }),

  /** `GET /users/presence`: the company's agents and where each is (admins and supervisors). */
  presence: (ctx: Ctx): Promise<PresenceDto[]> =>
    data.withTenant(ctx, async ({ tx }) => {
      if (!can(ctx, 'users:presence')) throw new AppError('ERR_NO_PERMISSION');
      return (await repo.list(tx, ctx.companyId)).map(presenceOf);
    }),
});

export type UsersService = ReturnType<typeof createUsersService>;
