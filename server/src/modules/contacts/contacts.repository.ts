import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { CONTACT_PAGE_SIZE, type ContactDto, type ListContactsQuery } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { contactCustomFields, contacts } from './contacts.table';
import { moveIdentities } from './contact-identities.repository';
// Read-joined for the DTO: the tags module owns these tables' writes.
import { tickets } from '../tickets/tickets.table';
import { contactTags, tags } from '../tags/tags.table';

export type ContactRow = typeof contacts.$inferSelect;
type TagRef = ContactDto['tags'][number];

export const toContactDto = (c: ContactRow, extraInfo: { name: string; value: string }[] = [], tagRefs: TagRef[] = []): ContactDto => ({
  id: c.id,
  name: c.name,
  number: c.number,
  email: c.email,
  profilePicUrl: c.profilePicUrl,
  isGroup: c.isGroup,
  extraInfo,
  tags: tagRefs,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const get = async (tx: Tx, companyId: number, id: number): Promise<ContactRow | undefined> =>
  (await tx.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))).limit(1))[0];

export const getByNumber = async (tx: Tx, companyId: number, number: string): Promise<ContactRow | undefined> =>
  (await tx.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, number))).limit(1))[0];

/** The contact an identifier other than the phone names: the one it is mapped to, else the one keyed by it (decision 0420). */
export const getByIdentity = async (tx: Tx, companyId: number, kind: string, value: string): Promise<ContactRow | undefined> =>
  (await tx.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, sql`balcao_identity_number(${companyId}::int, ${kind}::text, ${value}::text)`))).limit(1))[0];

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

/** The contacts' tags by name; `ids` undefined: every contact of the company (one read). */
const tagsOf = async (tx: Tx, companyId: number, ids?: number[]) => {
  const map = new Map<number, TagRef[]>();
  if (ids && !ids.length) return map;
  const rows = await tx
    .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, and(eq(tags.companyId, contactTags.companyId), eq(tags.id, contactTags.tagId)))
    .where(and(eq(contactTags.companyId, companyId), ...(ids ? [inArray(contactTags.contactId, ids)] : [])))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  for (const r of rows) map.set(r.contactId, [...(map.get(r.contactId) ?? []), { id: r.id, name: r.name, color: r.color }]);
  return map;
};

export const getDto = async (tx: Tx, companyId: number, id: number): Promise<ContactDto | undefined> => {
  const c = await get(tx, companyId, id);
  if (!c) return undefined;
  return toContactDto(c, (await extraOf(tx, companyId, [id])).get(id) ?? [], (await tagsOf(tx, companyId, [id])).get(id) ?? []);
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
  const tagged = await tagsOf(tx, companyId, page.map((r) => r.id));
  return { contacts: page.map((c) => toContactDto(c, extra.get(c.id) ?? [], tagged.get(c.id) ?? [])), count: counted?.n ?? 0, hasMore: rows.length > CONTACT_PAGE_SIZE };
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
  const tagged = await tagsOf(tx, companyId);
  return rows.map((c) => toContactDto(c, extra.get(c.id) ?? [], tagged.get(c.id) ?? []));
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

/**
 * Deletes a contact (its tickets, messages, tags and extra info go with it by cascade:
 * `tickets_contact_fk`, declared by the tickets module); the tickets that went with it (what
 * their lists must drop), or undefined when there was no contact.
 */
export const remove = async (tx: Tx, companyId: number, id: number): Promise<{ id: number; uuid: string; queueId: number | null; userId: number | null }[] | undefined> => {
  const mine = and(eq(contacts.companyId, companyId), eq(contacts.id, id));
  // The contact's lock first: a ticket inserted meanwhile waits for it, then fails its foreign key.
  if (!(await tx.select({ id: contacts.id }).from(contacts).where(mine).for('update')).length) return undefined;
  // Read under that lock, so the list is every ticket the cascade removes.
  const gone = await tx
    .select({ id: tickets.id, uuid: tickets.uuid, queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, id)));
  await tx.delete(contacts).where(mine);
  return gone;
};

/** Inserts the rows whose number is free; the numbers that were taken are left out of the answer. */
export const insertMany = async (tx: Tx, companyId: number, rows: { name: string; number: string; email: string }[]): Promise<ContactRow[]> =>
  rows.length ? tx.insert(contacts).values(rows.map((r) => ({ companyId, ...r, nameEdited: true }))).onConflictDoNothing().returning() : [];

/**
 * Contacts from the phone's address book (`POST /contacts/import`): the numbers that are free
 * become contacts, the others are left alone (never renamed). `named`: the name came from the
 * book (a person chose it: push names no longer replace it); otherwise the name is the number.
 */
export const insertFromPhone = async (tx: Tx, companyId: number, rows: readonly { name: string; number: string; named: boolean }[]): Promise<ContactRow[]> =>
  rows.length
    ? tx
        .insert(contacts)
        .values(rows.map((r) => ({ companyId, name: r.name.slice(0, 100), number: r.number, nameEdited: r.named })))
        .onConflictDoNothing()
        .returning()
    : [];

/** The WhatsApp profile picture as last looked up ('' when hidden or absent) and when. */
export const setProfilePicture = async (tx: Tx, companyId: number, id: number, url: string, at: Date): Promise<void> => {
  await tx.update(contacts).set({ profilePicUrl: url, profilePicFetchedAt: at }).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
};

/** The contacts among `ids` of the company, locked in id order (two merges of one pair never deadlock). */
export const lockMany = async (tx: Tx, companyId: number, ids: number[]): Promise<ContactRow[]> =>
  tx.select().from(contacts).where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids))).orderBy(asc(contacts.id)).for('update');

/**
 * The kept contact of a merge takes what the dropped one adds (decision 0360): a name a person
 * gave when its own is a push name, the e-mail and picture when it has none, the extra fields
 * whose names it lacks; then the dropped row goes (nothing points at it any more: every owner
 * moved its rows first) and, when given, the kept one takes `number` (the backfill's one form).
 */
export const absorb = async (tx: Tx, companyId: number, keep: ContactRow, drop: ContactRow, number?: string): Promise<ContactRow> => {
  await tx.execute(sql`update contact_custom_fields set contact_id = ${keep.id}, updated_at = now()
    where company_id = ${companyId} and contact_id = ${drop.id}
      and lower(name) not in (select lower(name) from contact_custom_fields where company_id = ${companyId} and contact_id = ${keep.id})`);
  // The dropped contact's LIDs, user ids and usernames name the kept one (decision 0421).
  await moveIdentities(tx, companyId, drop.id, keep.id);
  await tx.delete(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, drop.id)));
  const set: Partial<typeof contacts.$inferInsert> = { updatedAt: new Date() };
  if (!keep.nameEdited && drop.nameEdited) Object.assign(set, { name: drop.name, nameEdited: true });
  if (!keep.email && drop.email) set.email = drop.email;
  if (!keep.profilePicUrl && drop.profilePicUrl) Object.assign(set, { profilePicUrl: drop.profilePicUrl, profilePicFetchedAt: drop.profilePicFetchedAt });
  if (number !== undefined) set.number = number;
  const [row] = await tx.update(contacts).set(set).where(and(eq(contacts.companyId, companyId), eq(contacts.id, keep.id))).returning();
  return row!;
};

/** A contact's number rewritten to its one form (the backfill, when nobody holds that form yet). */
export const setNumber = async (tx: Tx, companyId: number, id: number, number: string): Promise<ContactRow | undefined> =>
  (await tx.update(contacts).set({ number, updatedAt: new Date() }).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))).returning())[0];

/**
 * Not a Brazilian number already in the one form: 55 + DDD + 8 or 9 digits, but not an old 8-digit
 * mobile; and not a Cloud API business-scoped user id keying a contact without a phone (`BR.1502…`,
 * decision 0420), whose digits are no phone number.
 */
const mayNotBeOneForm = (n: SQL) => sql`((${n} !~ '^55[0-9]{10,11}$' or ${n} ~ '^55[1-9][0-9][6-9][0-9]{7}$') and ${n} !~ '^[A-Z]{2}[.]')`;

/**
 * The company's contacts whose number may not be in the one phone form (decision 0032), for the
 * backfill (decision 0361): anything but a Brazilian number already in it (55 + DDD + 8 or 9
 * digits, not an old 8-digit mobile), groups left out (their ids are not phone numbers), and
 * whether the number came from WhatsApp (a push name never edited, or a message it delivered on
 * one of its tickets): then its digits are international.
 */
export const phoneCandidates = async (tx: Tx, companyId: number): Promise<{ id: number; number: string; delivered: boolean }[]> =>
  (await tx.execute<{ id: number; number: string; delivered: boolean }>(sql`
    select c.id, c.number,
      (not c.name_edited or exists (select 1 from tickets t join messages m on m.company_id = t.company_id and m.ticket_id = t.id
        where t.company_id = c.company_id and t.contact_id = c.id and not m.from_me)) as delivered
    from contacts c
    where c.company_id = ${companyId} and not c.is_group
      and ${mayNotBeOneForm(sql`c.number`)}
    order by c.id`)) as unknown as { id: number; number: string; delivered: boolean }[];

/** The companies with a contact `phoneCandidates` would list (the backfill's first read, across companies). */
export const companiesWithCandidates = async (tx: Tx): Promise<number[]> =>
  ((await tx.execute<{ id: number }>(sql`
    select distinct company_id as id from contacts
    where not is_group and ${mayNotBeOneForm(sql`number`)}
    order by 1`)) as unknown as { id: number }[]).map((r) => r.id);
