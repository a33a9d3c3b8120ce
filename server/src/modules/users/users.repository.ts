import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, Profile, UserDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { queues } from '../queues/queues.table';
import { userQueues, users } from './users.table';

export type UserRow = typeof users.$inferSelect;

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
  queues: qs,
});

export const findByEmail = async (tx: Tx, email: string): Promise<UserRow | undefined> =>
  (await tx.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

export const get = async (tx: Tx, companyId: number, id: number): Promise<UserRow | undefined> =>
  (await tx.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))).limit(1))[0];

export const queuesOf = async (tx: Tx, companyId: number, userIds: number[]) => {
  if (userIds.length === 0) return new Map<number, { id: number; name: string; color: string }[]>();
  const rows = await tx
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, and(eq(queues.companyId, userQueues.companyId), eq(queues.id, userQueues.queueId)))
    .where(and(eq(userQueues.companyId, companyId), inArray(userQueues.userId, userIds)))
    .orderBy(asc(queues.orderQueue), asc(queues.id));
  const map = new Map<number, { id: number; name: string; color: string }[]>();
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { id: r.id, name: r.name, color: r.color }]);
  return map;
};

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

export const count = async (tx: Tx, companyId: number): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.companyId, companyId)))[0]?.n ?? 0;

export const insert = async (
  tx: Tx,
  companyId: number,
  data: { name: string; email: string; passwordHash: string; profile: Profile; super?: boolean; allTicket?: string; whatsappId?: number | null },
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
  data: Partial<{ name: string; email: string; passwordHash: string; profile: Profile; allTicket: string; whatsappId: number | null }>,
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

/** A connection is deleted: whoever had it as their default connection has none. */
export const clearWhatsapp = async (tx: Tx, companyId: number, whatsappId: number): Promise<void> => {
  await tx.update(users).set({ whatsappId: null }).where(and(eq(users.companyId, companyId), eq(users.whatsappId, whatsappId)));
};

/** Ends every access token of the user at once (infra/auth compares each request's claim). */
export const bumpSessionVersion = async (tx: Tx, companyId: number, userId: number): Promise<void> => {
  await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
};
