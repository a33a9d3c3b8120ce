import { and, asc, eq, sql } from 'drizzle-orm';
import { USER_PAGE_SIZE, type Actor, type ListUsersQuery, type PresenceStatus, type Profile, type UserDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { countWhere, offsetPage, searched } from '../../db/paging';
import { queuesQueries } from '../queues';
import { userQueues, users } from './users.table';

export type UserRow = typeof users.$inferSelect;

/** Offline without a socket, else away when they said so, else online (decision 0380). */
export const presenceOfRow = (u: { online: boolean; away: boolean }): PresenceStatus => (!u.online ? 'offline' : u.away ? 'away' : 'online');

export const toUserDto = (u: UserRow, qs: { id: number; name: string; color: string }[]): UserDto => ({
  id: u.id,
  name: u.name,
  email: u.email,
  profile: u.profile as Profile,
  super: u.super,
  allTicket: u.allTicket === 'enabled' ? 'enabled' : 'disabled',
  whatsappId: u.whatsappId,
  companyId: u.companyId,
  online: u.online,
  presence: presenceOfRow(u),
  maxTickets: u.maxTickets,
  queues: qs,
});

export const findByEmail = async (tx: Tx, email: string): Promise<UserRow | undefined> =>
  (await tx.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

export const get = async (tx: Tx, companyId: number, id: number): Promise<UserRow | undefined> =>
  (await tx.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))).limit(1))[0];

/** Each user's queues (user_queues), in the queues' order. */
export const queuesOf = (tx: Tx, companyId: number, userIds: number[]) =>
  queuesQueries.linkedQueues(tx, companyId, { table: userQueues, companyId: userQueues.companyId, ownerId: userQueues.userId, queueId: userQueues.queueId }, userIds);

export const getDto = async (tx: Tx, companyId: number, id: number): Promise<UserDto | undefined> => {
  const u = await get(tx, companyId, id);
  if (!u) return undefined;
  return toUserDto(u, (await queuesOf(tx, companyId, [id])).get(id) ?? []);
};

export const list = async (tx: Tx, companyId: number): Promise<UserDto[]> => {
  const rows = await tx.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name));
  const qs = await queuesOf(tx, companyId, rows.map((r) => r.id));
  return rows.map((u) => toUserDto(u, qs.get(u.id) ?? []));
};

/**
 * A page of the /users screen by name (then id), searched in name or e-mail with accents and
 * case ignored ('joao' finds 'João'); `count` is the whole match.
 */
export const page = async (tx: Tx, companyId: number, q: ListUsersQuery) => {
  const search = searched(q.searchParam, (like) => sql`(balcao_fold(${users.name}) like balcao_fold(${like}) or lower(${users.email}) like balcao_fold(${like}))`);
  const where = and(eq(users.companyId, companyId), search);
  const query = tx.select().from(users).where(where).orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const { rows, count, hasMore } = await offsetPage(query.$dynamic(), q.pageNumber, USER_PAGE_SIZE, () => countWhere(tx, users, where));
  const qs = await queuesOf(tx, companyId, rows.map((r) => r.id));
  return { users: rows.map((u) => toUserDto(u, qs.get(u.id) ?? [])), count, hasMore };
};

/**
 * The company's admins, their rows locked until the transaction ends: two admins demoting or
 * deleting each other at once are served one after the other, and the second sees the first's
 * change (READ COMMITTED re-checks a locked row against the WHERE), so one admin always remains.
 */
export const lockAdmins = async (tx: Tx, companyId: number): Promise<number[]> =>
  (await tx.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.profile, 'admin'))).orderBy(asc(users.id)).for('update')).map((r) => r.id);

export const remove = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.delete(users).where(and(eq(users.companyId, companyId), eq(users.id, id))).returning({ id: users.id })).length > 0;

/**
 * Marks a user online (also the heartbeat: `updated_at` says when they were last heard) or
 * offline. `changed`: the flag moved, so the admins' list should hear it.
 */
export const setOnline = async (tx: Tx, companyId: number, id: number, online: boolean): Promise<{ changed: boolean } | undefined> => {
  const [before] = await tx.select({ online: users.online }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))).for('update');
  if (!before) return undefined;
  if (online || before.online) await tx.update(users).set({ online, updatedAt: sql`now()` }).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return { changed: before.online !== online };
};

/**
 * The user's own toggle (decision 0380): away or back. `changed`: their presence moved (a user
 * without a socket stays offline either way, so only the flag changed then).
 */
export const setAway = async (tx: Tx, companyId: number, id: number, away: boolean): Promise<{ changed: boolean } | undefined> => {
  const [before] = await tx.select({ away: users.away, online: users.online }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))).for('update');
  if (!before) return undefined;
  if (before.away !== away) await tx.update(users).set({ away }).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return { changed: before.away !== away && before.online };
};

/** Users of every company still marked online but not heard for `staleMs` (their process died): now offline. */
export const expireOnline = async (tx: Tx, staleMs: number): Promise<{ companyId: number; id: number }[]> =>
  tx
    .update(users)
    .set({ online: false })
    .where(and(eq(users.online, true), sql`${users.updatedAt} < now() - make_interval(secs => ${staleMs / 1000})`))
    .returning({ companyId: users.companyId, id: users.id });

export const count = async (tx: Tx, companyId: number): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.companyId, companyId)))[0]?.n ?? 0;

export const insert = async (
  tx: Tx,
  companyId: number,
  data: { name: string; email: string; passwordHash: string; profile: Profile; super?: boolean; allTicket?: string; whatsappId?: number | null; maxTickets?: number | null },
): Promise<UserRow> => {
  const [row] = await tx
    .insert(users)
    .values({ ...data, email: data.email.toLowerCase(), companyId })
    .returning();
  return row!;
};

export const update = async (
  tx: Tx,
  companyId: number,
  id: number,
  data: Partial<{ name: string; email: string; passwordHash: string; profile: Profile; allTicket: string; whatsappId: number | null; maxTickets: number | null }>,
): Promise<void> => {
  const values = data.email === undefined ? data : { ...data, email: data.email.toLowerCase() };
  await tx.update(users).set(values).where(and(eq(users.companyId, companyId), eq(users.id, id)));
};

export const setQueues = async (tx: Tx, companyId: number, userId: number, queueIds: number[]): Promise<void> => {
  await tx.delete(userQueues).where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)));
  if (queueIds.length) await tx.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId, queueId })));
};

/** The facts the visibility rule needs about the acting user (one query: it runs per request). */
export const actorFacts = async (tx: Tx, companyId: number, userId: number): Promise<Actor | undefined> => {
  const [u] = await tx
    .select({
      id: users.id,
      profile: users.profile,
      super: users.super,
      allTicket: users.allTicket,
      queueIds: sql<number[]>`coalesce((select array_agg(uq.queue_id) from user_queues uq where uq.company_id = ${users.companyId} and uq.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  if (!u) return undefined;
  return { id: u.id, profile: u.profile as Profile, super: u.super, queueIds: u.queueIds, allTicket: u.allTicket === 'enabled' ? 'enabled' : 'disabled' };
};

/** Ends every access token of the user at once (infra/auth compares each request's claim). */
export const bumpSessionVersion = async (tx: Tx, companyId: number, userId: number): Promise<void> => {
  await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
};

/** A new password (the reset flow; the hash is made outside the transaction). */
export const setPasswordHash = async (tx: Tx, companyId: number, userId: number, passwordHash: string): Promise<void> => {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
};
