import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { CONTACT_PAGE_SIZE, type ContactDto, type ListContactsQuery } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { contactCustomFields, contacts } from './contacts.table';

export type ContactRow = typeof contacts.$inferSelect;

export const toContactDto = (c: ContactRow, extraInfo: { name: string; value: string }[] = []): ContactDto => ({
  id: c.id,
  name: c.name,
  number: c.number,
  email: c.email,
  profilePicUrl: c.profilePicUrl,
  isGroup: c.isGroup,
  extraInfo,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const get = async (tx: Tx, companyId: number, id: number): Promise<ContactRow | undefined> =>
  (await tx.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))).limit(1))[0];

export const getByNumber = async (tx: Tx, companyId: number, number: string): Promise<ContactRow | undefined> =>
  (await tx.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, number))).limit(1))[0];

const extraOf = async (tx: Tx, companyId: number, ids: number[]) => {
  const map = new Map<number, { name: string; value: string }[]>();
  if (!ids.length) return map;
  const rows = await tx
    .select()
    .from(contactCustomFields)
    .where(and(eq(contactCustomFields.companyId, companyId), inArray(contactCustomFields.contactId, ids)))
    .orderBy(asc(contactCustomFields.id));
  for (const r of rows) map.set(r.contactId, [...(map.get(r.contactId) ?? []), { name: r.name, value: r.value }]);
  return map;
};

export const getDto = async (tx: Tx, companyId: number, id: number): Promise<ContactDto | undefined> => {
  const c = await get(tx, companyId, id);
  return c ? toContactDto(c, (await extraOf(tx, companyId, [id])).get(id) ?? []) : undefined;
};

/** The start of a UTC day "YYYY-MM-DD", or of the day after it. */
const dayStart = (day: string, after = false) => new Date(Date.parse(`${day}T00:00:00Z`) + (after ? 86_400_000 : 0));

export const list = async (tx: Tx, companyId: number, q: ListContactsQuery) => {
  const conds = [eq(contacts.companyId, companyId)];
  if (q.searchParam) {
    const like = `%${q.searchParam.toLowerCase().replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
    conds.push(sql`(lower(${contacts.name}) like ${like} or ${contacts.number} like ${like})`);
  }
  if (q.date) conds.push(gte(contacts.createdAt, dayStart(q.date)), lt(contacts.createdAt, dayStart(q.date, true)));
  if (q.dateStart) conds.push(gte(contacts.createdAt, dayStart(q.dateStart)));
  if (q.dateEnd) conds.push(lt(contacts.createdAt, dayStart(q.dateEnd, true)));
  const where = and(...conds);
  const rows = await tx
    .select()
    .from(contacts)
    .where(where)
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(CONTACT_PAGE_SIZE + 1)
    .offset((q.pageNumber - 1) * CONTACT_PAGE_SIZE);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where);
  const page = rows.slice(0, CONTACT_PAGE_SIZE);
  const extra = await extraOf(tx, companyId, page.map((r) => r.id));
  return { contacts: page.map((c) => toContactDto(c, extra.get(c.id) ?? [])), count: counted?.n ?? 0, hasMore: rows.length > CONTACT_PAGE_SIZE };
};

export const insert = async (
  tx: Tx,
  companyId: number,
  data: { name: string; number: string; email: string; extraInfo: { name: string; value: string }[] },
): Promise<ContactRow | undefined> => {
  const [row] = await tx
    .insert(contacts)
    .values({ companyId, name: data.name, number: data.number, email: data.email, nameEdited: true })
    .onConflictDoNothing()
    .returning();
  if (row && data.extraInfo.length) {
    await tx.insert(contactCustomFields).values(data.extraInfo.map((e) => ({ companyId, contactId: row.id, name: e.name, value: e.value })));
  }
  return row;
};

/** Every contact of the company, by name (`GET /contacts/list`). */
export const all = async (tx: Tx, companyId: number): Promise<ContactDto[]> => {
  const rows = await tx.select().from(contacts).where(eq(contacts.companyId, companyId)).orderBy(asc(contacts.name), asc(contacts.id));
  // The company's extra info in one read (not by a list of ids: a large company's would exceed the parameter limit).
  const extra = new Map<number, { name: string; value: string }[]>();
  const fields = await tx.select().from(contactCustomFields).where(eq(contactCustomFields.companyId, companyId)).orderBy(asc(contactCustomFields.id));
  for (const f of fields) extra.set(f.contactId, [...(extra.get(f.contactId) ?? []), { name: f.name, value: f.value }]);
  return rows.map((c) => toContactDto(c, extra.get(c.id) ?? []));
};

/**
 * Changes a contact; a name given here is a person's edit (WhatsApp push names stop replacing
 * it). Undefined when the row is gone; throws the unique violation when the number is taken.
 */
export const update = async (
  tx: Tx,
  companyId: number,
  id: number,
  data: { name?: string; number?: string; email?: string; extraInfo?: { name: string; value: string }[] },
): Promise<ContactRow | undefined> => {
  const set: Partial<typeof contacts.$inferInsert> = { updatedAt: new Date() };
  if (data.name !== undefined) Object.assign(set, { name: data.name, nameEdited: true });
  if (data.number !== undefined) set.number = data.number;
  if (data.email !== undefined) set.email = data.email;
  const [row] = await tx.update(contacts).set(set).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))).returning();
  if (row && data.extraInfo) {
    await tx.delete(contactCustomFields).where(and(eq(contactCustomFields.companyId, companyId), eq(contactCustomFields.contactId, id)));
    if (data.extraInfo.length) {
      await tx.insert(contactCustomFields).values(data.extraInfo.map((e) => ({ companyId, contactId: id, name: e.name, value: e.value })));
    }
  }
  return row;
};

/** Deletes a contact (its tickets, messages and extra info go with it by cascade); whether it existed. */
export const remove = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.delete(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))).returning({ id: contacts.id })).length > 0;

/** Inserts the rows whose number is free; the numbers that were taken are left out of the answer. */
export const insertMany = async (tx: Tx, companyId: number, rows: { name: string; number: string; email: string }[]): Promise<ContactRow[]> =>
  rows.length ? tx.insert(contacts).values(rows.map((r) => ({ companyId, ...r, nameEdited: true }))).onConflictDoNothing().returning() : [];

/** The WhatsApp profile picture as last looked up ('' when hidden or absent) and when. */
export const setProfilePicture = async (tx: Tx, companyId: number, id: number, url: string, at: Date): Promise<void> => {
  await tx.update(contacts).set({ profilePicUrl: url, profilePicFetchedAt: at }).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
};
