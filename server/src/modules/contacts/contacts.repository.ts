import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CONTACT_PAGE_SIZE, type ContactDto } from '@balcao/shared';
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

export const list = async (tx: Tx, companyId: number, q: { searchParam?: string; pageNumber: number }) => {
  const conds = [eq(contacts.companyId, companyId)];
  if (q.searchParam) {
    const like = `%${q.searchParam.toLowerCase().replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;
    conds.push(sql`(lower(${contacts.name}) like ${like} or ${contacts.number} like ${like})`);
  }
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

/** The WhatsApp profile picture as last looked up ('' when hidden or absent) and when. */
export const setProfilePicture = async (tx: Tx, companyId: number, id: number, url: string, at: Date): Promise<void> => {
  await tx.update(contacts).set({ profilePicUrl: url, profilePicFetchedAt: at }).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
};
