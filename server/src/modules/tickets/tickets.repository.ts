import { and, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor, ListTicketsQuery, TicketDto, TicketStatus } from '@balcao/shared';
import { TICKET_PAGE_SIZE } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { contacts } from '../contacts/contacts.table';
import { queues } from '../queues/queues.table';
import { users } from '../users/users.table';
import { whatsapps } from '../whatsapp/whatsapp.table';
import { tickets } from './tickets.table';

export type TicketRow = typeof tickets.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const dtoColumns = {
  t: tickets,
  contactName: contacts.name,
  contactNumber: contacts.number,
  contactPic: contacts.profilePicUrl,
  queueName: queues.name,
  queueColor: queues.color,
  userName: users.name,
  whatsappName: whatsapps.name,
  tags: sql<{ id: number; name: string; color: string }[]>`coalesce((
    select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name)
    from ticket_tags tt join tags tg on tg.id = tt.tag_id where tt.ticket_id = ${tickets.id}), '[]'::json)`,
};

type DtoRow = { t: TicketRow; contactName: string; contactNumber: string; contactPic: string; queueName: string | null; queueColor: string | null; userName: string | null; whatsappName: string; tags: { id: number; name: string; color: string }[] };

const toDto = (r: DtoRow): TicketDto => ({
  id: r.t.id,
  uuid: r.t.uuid,
  status: r.t.status as TicketStatus,
  companyId: r.t.companyId,
  contactId: r.t.contactId,
  whatsappId: r.t.whatsappId,
  queueId: r.t.queueId,
  userId: r.t.userId,
  isGroup: r.t.isGroup,
  chatbot: r.t.chatbot,
  lastMessage: r.t.lastMessage,
  unreadMessages: r.t.unreadMessages,
  presence: null,
  createdAt: r.t.createdAt.toISOString(),
  updatedAt: r.t.updatedAt.toISOString(),
  queuedAt: iso(r.t.queuedAt),
  acceptedAt: iso(r.t.acceptedAt),
  closedAt: iso(r.t.closedAt),
  contact: { id: r.t.contactId, name: r.contactName, number: r.contactNumber, profilePicUrl: r.contactPic },
  queue: r.t.queueId != null && r.queueName != null ? { id: r.t.queueId, name: r.queueName, color: r.queueColor ?? '' } : null,
  user: r.t.userId != null && r.userName != null ? { id: r.t.userId, name: r.userName } : null,
  whatsapp: { id: r.t.whatsappId, name: r.whatsappName },
  tags: r.tags,
});

const dtoQuery = (tx: Tx) =>
  tx
    .select(dtoColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId));

/**
 * Full DTOs for ids, in the order of `ids`. The ids go as one array parameter: a prepared
 * statement with an IN list of varying length would get a poor generic plan.
 */
export const loadDtos = async (tx: Tx, companyId: number, ids: number[]): Promise<TicketDto[]> => {
  if (ids.length === 0) return [];
  const idArray = sql`${`{${ids.join(',')}}`}::int[]`;
  const rows = (await dtoQuery(tx).where(and(eq(tickets.companyId, companyId), sql`${tickets.id} = any(${idArray})`))) as DtoRow[];
  const byId = new Map(rows.map((r) => [r.t.id, toDto(r)]));
  return ids.map((id) => byId.get(id)).filter((t): t is TicketDto => !!t);
};

export const loadDto = async (tx: Tx, companyId: number, id: number): Promise<TicketDto | undefined> => (await loadDtos(tx, companyId, [id]))[0];

export const get = async (tx: Tx, companyId: number, id: number): Promise<TicketRow | undefined> =>
  (await tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id))).limit(1))[0];

export const getByUuid = async (tx: Tx, companyId: number, uuid: string): Promise<TicketRow | undefined> =>
  (await tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid))).limit(1))[0];

export const findLive = async (tx: Tx, companyId: number, contactId: number, whatsappId: number): Promise<TicketRow | undefined> =>
  (
    await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId), sql`${tickets.status} <> 'closed'`))
      .limit(1)
  )[0];

/** The visibility rule of server-behaviour §3 as SQL (the same rule as shared canSeeTicket). */
export const visibleTo = (actor: Actor): SQL | undefined => {
  if (actor.profile === 'admin') return undefined;
  const mine = sql`${tickets.userId} = ${actor.id}`;
  const q = actor.queueIds.length ? sql`${tickets.queueId} in (${sql.join(actor.queueIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  const supervisor = actor.profile === 'supervisor' ? q : sql`false`;
  const unassigned = sql`(${tickets.userId} is null and (${q}${actor.allTicket === 'enabled' ? sql` or ${tickets.queueId} is null` : sql``}))`;
  return sql`(${mine} or ${supervisor} or ${unassigned})`;
};

// "nulls last" matches the indexes (drizzle creates DESC NULLS LAST); a plain DESC would not,
// and PostgreSQL would sort every matching row instead of reading the first page off the index.
const newestFirst = [sql`${tickets.updatedAt} desc nulls last`, sql`${tickets.id} desc nulls last`];

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

export const list = async (tx: Tx, companyId: number, actor: Actor, q: ListTicketsQuery) => {
  const where: SQL[] = [sql`${tickets.companyId} = ${companyId}`];
  const showAll = q.showAll === true && actor.profile === 'admin';
  // Admins without showAll see their own tickets and every unassigned one (a user of every queue).
  const visibility = showAll ? undefined : actor.profile === 'admin' ? sql`(${tickets.userId} = ${actor.id} or ${tickets.userId} is null)` : visibleTo(actor);
  if (visibility) where.push(visibility);
  if (q.status) where.push(sql`${tickets.status} = ${q.status}`);
  if (q.queueIds?.length) where.push(sql`${tickets.queueId} in (${idList(q.queueIds)})`);
  if (q.users?.length) where.push(sql`${tickets.userId} in (${idList(q.users)})`);
  if (q.withUnreadMessages) where.push(sql`${tickets.unreadMessages} > 0`);
  if (q.updatedAt) where.push(gte(tickets.updatedAt, new Date(q.updatedAt)));
  if (q.tags?.length) where.push(sql`exists (select 1 from ticket_tags tt where tt.ticket_id = ${tickets.id} and tt.tag_id in (${idList(q.tags)}))`);
  if (q.searchParam) {
    const like = `%${q.searchParam.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(sql`exists (select 1 from contacts c where c.id = ${tickets.contactId} and (lower(c.name) like ${like} or c.number like ${like}))`);
  }
  const cond = and(...where);
  const offset = (q.pageNumber - 1) * TICKET_PAGE_SIZE;
  const ids = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(cond)
    .orderBy(...newestFirst)
    .limit(TICKET_PAGE_SIZE + 1)
    .offset(offset);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(tickets).where(cond);
  const page = ids.slice(0, TICKET_PAGE_SIZE).map((r) => r.id);
  return { tickets: await loadDtos(tx, companyId, page), count: counted?.n ?? 0, hasMore: ids.length > TICKET_PAGE_SIZE };
};

export const changedSince = async (tx: Tx, companyId: number, actor: Actor, since: Date): Promise<TicketDto[]> => {
  const v = visibleTo(actor);
  const rows = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), gt(tickets.updatedAt, since), ...(v ? [v] : [])))
    .orderBy(...newestFirst)
    .limit(500);
  return loadDtos(tx, companyId, rows.map((r) => r.id));
};

export const insert = async (tx: Tx, data: typeof tickets.$inferInsert): Promise<TicketRow | undefined> =>
  (
    await tx
      .insert(tickets)
      .values(data)
      .onConflictDoNothing({ target: [tickets.companyId, tickets.contactId, tickets.whatsappId], where: sql`status <> 'closed'` })
      .returning()
  )[0];

export const update = async (tx: Tx, companyId: number, id: number, set: Partial<typeof tickets.$inferInsert>): Promise<TicketRow | undefined> =>
  (await tx.update(tickets).set({ ...set, updatedAt: new Date() }).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id))).returning())[0];

export const remove = async (tx: Tx, companyId: number, id: number): Promise<void> => {
  await tx.delete(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)));
};

export const idsToClose = async (tx: Tx, companyId: number, status: TicketStatus, queueIds: number[]): Promise<number[]> =>
  (
    await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.status, status), ...(queueIds.length ? [inArray(tickets.queueId, queueIds)] : [])))
  ).map((r) => r.id);
