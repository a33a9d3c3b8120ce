import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ScheduleDto, ScheduleStatus } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { likeOf } from '../../db/paging';
import { contacts } from '../contacts/contacts.table';
import { schedules } from './schedules.table';

export type ScheduleRow = typeof schedules.$inferSelect;
type ScheduleWithContact = ScheduleRow & { contactName: string; contactNumber: string };

/** One page of `GET /schedules/` (the spec's list); a calendar range answers up to RANGE_MAX. */
export const SCHEDULE_PAGE_SIZE = 40;
export const SCHEDULE_RANGE_MAX = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toScheduleDto = (r: ScheduleWithContact): ScheduleDto => ({
  id: r.id,
  body: r.body,
  contactId: r.contactId,
  contact: { id: r.contactId, name: r.contactName, number: r.contactNumber },
  ticketId: r.ticketId,
  userId: r.userId,
  whatsappId: r.whatsappId,
  sendAt: r.sendAt.toISOString(),
  sentAt: iso(r.sentAt),
  status: r.status as ScheduleStatus,
  error: r.error,
  attempts: r.attempts,
  late: r.late,
  cancelOnReply: r.cancelOnReply,
  cancelledAt: iso(r.cancelledAt),
  messageId: r.messageId,
  mediaPath: r.mediaPath || null,
  mediaName: r.mediaName || null,
  companyId: r.companyId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const ofCompany = (companyId: number) => eq(schedules.companyId, companyId);

const withContact = (tx: Tx) =>
  tx
    .select({ s: schedules, contactName: contacts.name, contactNumber: contacts.number })
    .from(schedules)
    .innerJoin(contacts, and(eq(contacts.companyId, schedules.companyId), eq(contacts.id, schedules.contactId)));
const flat = (r: { s: ScheduleRow; contactName: string; contactNumber: string }): ScheduleWithContact => ({ ...r.s, contactName: r.contactName, contactNumber: r.contactNumber });

export const get = async (tx: Tx, companyId: number, id: number): Promise<ScheduleRow | undefined> =>
  (await tx.select().from(schedules).where(and(ofCompany(companyId), eq(schedules.id, id))).limit(1))[0];

/** The row locked for this transaction (the sender and every edit take it: one at a time). */
export const lock = async (tx: Tx, companyId: number, id: number): Promise<ScheduleRow | undefined> =>
  (await tx.select().from(schedules).where(and(ofCompany(companyId), eq(schedules.id, id))).for('update'))[0];

export const getDto = async (tx: Tx, companyId: number, id: number): Promise<ScheduleDto | undefined> => {
  const r = (await withContact(tx).where(and(ofCompany(companyId), eq(schedules.id, id))).limit(1))[0];
  return r ? toScheduleDto(flat(r)) : undefined;
};

export interface PageQuery {
  searchParam?: string;
  pageNumber: number;
  contactId?: number;
  ticketId?: number;
  status?: ScheduleStatus;
  start?: Date;
  end?: Date;
}

/** By sendAt; searched by the body or the contact's name or number. */
export const page = async (tx: Tx, companyId: number, q: PageQuery): Promise<{ rows: ScheduleDto[]; count: number; size: number }> => {
  const conds: SQL[] = [ofCompany(companyId)];
  if (q.searchParam) {
    const like = likeOf(q.searchParam.toLowerCase());
    conds.push(sql`(lower(${schedules.body}) like ${like} or lower(${contacts.name}) like ${like} or ${contacts.number} like ${like})`);
  }
  if (q.contactId) conds.push(eq(schedules.contactId, q.contactId));
  if (q.ticketId) conds.push(eq(schedules.ticketId, q.ticketId));
  if (q.status) conds.push(eq(schedules.status, q.status));
  if (q.start) conds.push(gte(schedules.sendAt, q.start));
  if (q.end) conds.push(lt(schedules.sendAt, q.end));
  const where = and(...conds);
  const ranged = q.start !== undefined || q.end !== undefined;
  const size = ranged ? SCHEDULE_RANGE_MAX : SCHEDULE_PAGE_SIZE;
  const rows = await withContact(tx)
    .where(where)
    .orderBy(asc(schedules.sendAt), asc(schedules.id))
    .limit(size)
    .offset((q.pageNumber - 1) * size);
  const [total] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(schedules)
    .innerJoin(contacts, and(eq(contacts.companyId, schedules.companyId), eq(contacts.id, schedules.contactId)))
    .where(where);
  return { rows: rows.map((r) => toScheduleDto(flat(r))), count: total?.n ?? 0, size };
};

export const insert = async (tx: Tx, values: typeof schedules.$inferInsert): Promise<ScheduleRow> => (await tx.insert(schedules).values(values).returning())[0]!;

export const update = async (tx: Tx, companyId: number, id: number, set: Partial<typeof schedules.$inferInsert>): Promise<ScheduleRow | undefined> =>
  (await tx.update(schedules).set({ ...set, updatedAt: new Date() }).where(and(ofCompany(companyId), eq(schedules.id, id))).returning())[0];

export const remove = async (tx: Tx, companyId: number, id: number): Promise<ScheduleRow | undefined> =>
  (await tx.delete(schedules).where(and(ofCompany(companyId), eq(schedules.id, id))).returning())[0];

/** A ticket's pending follow-ups, locked (the customer's reply cancels them). */
export const pendingFollowUps = async (tx: Tx, companyId: number, ticketId: number): Promise<ScheduleRow[]> =>
  tx
    .select()
    .from(schedules)
    .where(and(ofCompany(companyId), eq(schedules.ticketId, ticketId), eq(schedules.cancelOnReply, true), eq(schedules.status, 'PENDENTE')))
    .for('update', { skipLocked: true });

/** Did the contact write to us after `since` (a follow-up's creation)? Any ticket of theirs counts. */
export const customerWroteSince = async (tx: Tx, companyId: number, contactId: number, since: Date): Promise<boolean> =>
  (
    await tx.execute(sql`select 1 from messages where company_id = ${companyId} and contact_id = ${contactId} and from_me = false and created_at > ${since.toISOString()}::timestamptz limit 1`)
  ).length > 0;

/** The connection of the contact's latest ticket (the "last connection" of server-behaviour §8). */
export const lastConnectionOf = async (tx: Tx, companyId: number, contactId: number): Promise<number | null> => {
  const rows = await tx.execute<{ whatsapp_id: number }>(
    sql`select whatsapp_id from tickets where company_id = ${companyId} and contact_id = ${contactId} order by updated_at desc nulls last, id desc limit 1`,
  );
  return rows[0]?.whatsapp_id ?? null;
};

/** A connection's state (read here to fail a try early with a readable reason). */
export const connectionState = async (tx: Tx, companyId: number, whatsappId: number): Promise<{ id: number; name: string; status: string } | undefined> =>
  (await tx.execute<{ id: number; name: string; status: string }>(sql`select id, name, status from whatsapps where company_id = ${companyId} and id = ${whatsappId}`))[0];

/**
 * Past-due schedules across companies (the sweep, `withSystem('schedules:sweep')`): still pending
 * `graceSeconds` after their time and untouched for `quietSeconds` (a try in progress or a retry
 * waiting for its job is left to that job).
 */
export const overdue = async (tx: Tx, now: Date, o: { graceSeconds: number; quietSeconds: number; limit: number }): Promise<{ companyId: number; id: number }[]> =>
  tx
    .select({ companyId: schedules.companyId, id: schedules.id })
    .from(schedules)
    .where(
      and(
        eq(schedules.status, 'PENDENTE'),
        lt(schedules.sendAt, new Date(now.getTime() - o.graceSeconds * 1000)),
        lt(schedules.updatedAt, new Date(now.getTime() - o.quietSeconds * 1000)),
      ),
    )
    .orderBy(asc(schedules.sendAt))
    .limit(o.limit);

/** A merged contact's schedules and follow-ups become the kept one's (contact merge, decision 0360). */
export const moveContact = async (tx: Tx, companyId: number, from: number, to: number): Promise<void> => {
  await tx.update(schedules).set({ contactId: to }).where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, from)));
};
