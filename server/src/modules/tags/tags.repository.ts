import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { TAG_PAGE_SIZE, type ListTagsQuery, type TagDto, type TagListItemDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { countWhere, offsetPage, searched } from '../../db/paging';
// The tables were declared with the tickets' (migration 0000); the tags module owns their SQL.
import { contactTags, tags, ticketTags } from './tags.table';

export type TagRow = typeof tags.$inferSelect;

export const toTagDto = (r: TagRow): TagDto => ({ id: r.id, name: r.name, color: r.color, kanban: r.kanban });

/** How many tickets carry the tag (a correlated count over ticket_tags' primary key order). */
const ticketsCount = sql<number>`(select count(*)::int from ticket_tags tt where tt.company_id = ${tags.companyId} and tt.tag_id = ${tags.id})`;

const withCount = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban, ticketsCount };

/**
 * A page of the /tags screen by name, searched in the name with accents and case ignored;
 * `count` is the whole match.
 */
export const page = async (tx: Tx, companyId: number, q: ListTagsQuery): Promise<{ tags: TagListItemDto[]; count: number; hasMore: boolean }> => {
  const where = and(eq(tags.companyId, companyId), searched(q.searchParam, (like) => sql`balcao_fold(${tags.name}) like balcao_fold(${like})`));
  const query = tx.select(withCount).from(tags).where(where).orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  const { rows, count, hasMore } = await offsetPage(query.$dynamic(), q.pageNumber, TAG_PAGE_SIZE, () => countWhere(tx, tags, where));
  return { tags: rows, count, hasMore };
};

/** One tag of the company with its tickets count. */
export const getItem = async (tx: Tx, companyId: number, id: number): Promise<TagListItemDto | undefined> =>
  (await tx.select(withCount).from(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, id))).limit(1))[0];

/** Changes a tag; false when it is not the company's. A taken name raises the unique violation. */
export const update = async (tx: Tx, companyId: number, id: number, data: { name: string; color?: string; kanban?: number }): Promise<boolean> =>
  (await tx.update(tags).set({ ...data, updatedAt: sql`now()` }).where(and(eq(tags.companyId, companyId), eq(tags.id, id))).returning({ id: tags.id })).length > 0;

/** Deletes a tag (its ticket and contact links go with it: cascading keys). */
export const remove = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.delete(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, id))).returning({ id: tags.id })).length > 0;

/** The company's tags by name (the selector's list). */
export const list = (tx: Tx, companyId: number): Promise<TagRow[]> =>
  tx.select().from(tags).where(eq(tags.companyId, companyId)).orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));

export const nameTaken = async (tx: Tx, companyId: number, name: string): Promise<boolean> =>
  (await tx.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), sql`lower(${tags.name}) = lower(${name})`)).limit(1)).length > 0;

/** Inserts unless the name exists (a concurrent twin loses to the unique index): undefined then. */
export const insert = async (tx: Tx, row: { companyId: number; name: string; color: string; kanban: number }): Promise<TagRow | undefined> =>
  (await tx.insert(tags).values(row).onConflictDoNothing().returning())[0];

/** Which of `ids` are the company's tags. */
export const existing = async (tx: Tx, companyId: number, ids: number[]): Promise<number[]> =>
  ids.length === 0 ? [] : (await tx.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)))).map((r) => r.id);

/** The ticket ends with exactly `ids`; true when anything changed. */
export const setTicketTags = async (tx: Tx, companyId: number, ticketId: number, ids: number[]): Promise<boolean> => {
  const mine = and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId));
  const removed = await tx
    .delete(ticketTags)
    .where(ids.length ? and(mine, notInArray(ticketTags.tagId, ids)) : mine)
    .returning({ tagId: ticketTags.tagId });
  const added = ids.length
    ? await tx
        .insert(ticketTags)
        .values(ids.map((tagId) => ({ companyId, ticketId, tagId })))
        .onConflictDoNothing()
        .returning({ tagId: ticketTags.tagId })
    : [];
  return removed.length + added.length > 0;
};

/** The contact ends with exactly `ids`; true when anything changed. */
export const setContactTags = async (tx: Tx, companyId: number, contactId: number, ids: number[]): Promise<boolean> => {
  const mine = and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, contactId));
  const removed = await tx
    .delete(contactTags)
    .where(ids.length ? and(mine, notInArray(contactTags.tagId, ids)) : mine)
    .returning({ tagId: contactTags.tagId });
  const added = ids.length
    ? await tx
        .insert(contactTags)
        .values(ids.map((tagId) => ({ companyId, contactId, tagId })))
        .onConflictDoNothing()
        .returning({ tagId: contactTags.tagId })
    : [];
  return removed.length + added.length > 0;
};

/** The company's kanban tags (the board's lanes), in the order they were made (decision 0246). */
export const listKanban = (tx: Tx, companyId: number): Promise<TagRow[]> =>
  tx.select().from(tags).where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1))).orderBy(asc(tags.id));

export const getTag = async (tx: Tx, companyId: number, id: number): Promise<TagRow | undefined> =>
  (await tx.select().from(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, id))).limit(1))[0];

/** Links a tag to a ticket; true when it was not linked. */
export const addTicketTag = async (tx: Tx, companyId: number, ticketId: number, tagId: number): Promise<boolean> =>
  (await tx.insert(ticketTags).values({ companyId, ticketId, tagId }).onConflictDoNothing().returning({ tagId: ticketTags.tagId })).length > 0;

/** Unlinks the ticket's kanban tags (all, or all but `keep`); true when any went. */
export const removeKanbanTags = async (tx: Tx, companyId: number, ticketId: number, keep?: number): Promise<boolean> => {
  const lanes = tx.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)));
  const removed = await tx
    .delete(ticketTags)
    .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, lanes), ...(keep ? [sql`${ticketTags.tagId} <> ${keep}`] : [])))
    .returning({ tagId: ticketTags.tagId });
  return removed.length > 0;
};

/**
 * A merged contact's tags become the kept one's (contact merge, decision 0360): the union, a tag
 * both carry is kept once.
 */
export const moveContact = async (tx: Tx, companyId: number, from: number, to: number): Promise<void> => {
  await tx.execute(sql`insert into contact_tags (company_id, contact_id, tag_id)
    select company_id, ${to}, tag_id from contact_tags where company_id = ${companyId} and contact_id = ${from}
    on conflict do nothing`);
  await tx.delete(contactTags).where(and(eq(contactTags.companyId, companyId), eq(contactTags.contactId, from)));
};
