import { and, asc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import {
  CONTACT_LIST_PAGE_SIZE,
  type ContactListDto,
  ContactListItemDto,
  type ListContactListItemsQuery,
  type ListContactListItemsResponse,
  type ListContactListsQuery,
  type ListContactListsResponse,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import { dtoOf } from '../../lib/dto';
import { countWhere, offsetPage, searched } from '../../db/paging';
import { contactListItems, contactLists } from './contact-lists.table';

export type ContactListItemRow = typeof contactListItems.$inferSelect;

// Qualified by hand: inside a subquery drizzle writes the bare column name, which `i` would capture.
const contactsCount = sql<number>`(select count(*)::int from contact_list_items i where i.company_id = contact_lists.company_id and i.contact_list_id = contact_lists.id)`;
const listColumns = { id: contactLists.id, name: contactLists.name, companyId: contactLists.companyId, contactsCount };

export const toItemDto: (r: ContactListItemRow) => ContactListItemDto = dtoOf(ContactListItemDto);

/** A page of the company's lists by name, searched with accents and case ignored. */
export const page = async (tx: Tx, companyId: number, q: ListContactListsQuery): Promise<ListContactListsResponse> => {
  const where = and(eq(contactLists.companyId, companyId), searched(q.searchParam, (like) => sql`balcao_fold(${contactLists.name}) like balcao_fold(${like})`));
  const query = tx.select(listColumns).from(contactLists).where(where).orderBy(asc(sql`lower(${contactLists.name})`), asc(contactLists.id));
  const { rows, count, hasMore } = await offsetPage(query.$dynamic(), q.pageNumber, CONTACT_LIST_PAGE_SIZE, () => countWhere(tx, contactLists, where));
  return { records: rows, count, hasMore };
};

/** Every list of the company by name (the campaign form's selector). */
export const all = (tx: Tx, companyId: number): Promise<ContactListDto[]> =>
  tx.select(listColumns).from(contactLists).where(eq(contactLists.companyId, companyId)).orderBy(asc(sql`lower(${contactLists.name})`), asc(contactLists.id));

export const get = async (tx: Tx, companyId: number, id: number): Promise<ContactListDto | undefined> =>
  (await tx.select(listColumns).from(contactLists).where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id))).limit(1))[0];

export const insert = async (tx: Tx, companyId: number, name: string): Promise<number> =>
  (await tx.insert(contactLists).values({ companyId, name }).returning({ id: contactLists.id }))[0]!.id;

export const rename = async (tx: Tx, companyId: number, id: number, name: string): Promise<boolean> =>
  (await tx.update(contactLists).set({ name, updatedAt: sql`now()` }).where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id))).returning({ id: contactLists.id })).length > 0;

/** Deletes a list and (cascading key) its items. */
export const remove = async (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  (await tx.delete(contactLists).where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id))).returning({ id: contactLists.id })).length > 0;

/** A page of a list's items by name, searched in the name (accents, case ignored), number and email. */
export const itemsPage = async (tx: Tx, companyId: number, q: ListContactListItemsQuery): Promise<ListContactListItemsResponse> => {
  const search = searched(q.searchParam, (like) => sql`(balcao_fold(${contactListItems.name}) like balcao_fold(${like}) or ${contactListItems.number} like ${like} or lower(${contactListItems.email}) like lower(${like}))`);
  const where = and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, q.contactListId), search);
  const query = tx.select().from(contactListItems).where(where).orderBy(asc(sql`lower(${contactListItems.name})`), asc(contactListItems.id));
  const { rows, count, hasMore } = await offsetPage(query.$dynamic(), q.pageNumber, CONTACT_LIST_PAGE_SIZE, () => countWhere(tx, contactListItems, where));
  return { contacts: rows.map(toItemDto), count, hasMore };
};

export const getItem = async (tx: Tx, companyId: number, id: number): Promise<ContactListItemRow | undefined> =>
  (await tx.select().from(contactListItems).where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id))).limit(1))[0];

/** Adds an item unless the list has its number: undefined then. */
export const insertItem = async (tx: Tx, row: { companyId: number; contactListId: number; name: string; number: string; email: string }): Promise<ContactListItemRow | undefined> =>
  (await tx.insert(contactListItems).values(row).onConflictDoNothing().returning())[0];

/** Changes an item; a new number is checked again (its validity goes back to unknown). A taken number raises the unique violation. */
export const updateItem = async (tx: Tx, companyId: number, id: number, data: { name: string; number: string; email: string; numberChanged: boolean }): Promise<ContactListItemRow | undefined> =>
  (
    await tx
      .update(contactListItems)
      .set({
        name: data.name,
        number: data.number,
        email: data.email,
        ...(data.numberChanged ? { isWhatsappValid: null, checkedAt: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
      .returning()
  )[0];

export const removeItem = async (tx: Tx, companyId: number, id: number): Promise<ContactListItemRow | undefined> =>
  (await tx.delete(contactListItems).where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id))).returning())[0];

/**
 * A sheet's rows into a list: a new number is added, a number the list has updates that row's
 * name and email (decision 0221). `inserted` tells which happened (xmax is 0 on a fresh row).
 */
export const upsertItems = async (
  tx: Tx,
  companyId: number,
  contactListId: number,
  rows: { name: string; number: string; email: string }[],
): Promise<(ContactListItemRow & { inserted: boolean })[]> => {
  if (!rows.length) return [];
  const saved = await tx
    .insert(contactListItems)
    .values(rows.map((r) => ({ companyId, contactListId, name: r.name, number: r.number, email: r.email })))
    .onConflictDoUpdate({
      target: [contactListItems.contactListId, contactListItems.number],
      set: { name: sql`excluded.name`, email: sql`excluded.email`, updatedAt: sql`now()` },
    })
    .returning({ ...getTableColumns(contactListItems), inserted: sql<boolean>`(xmax = 0)` });
  return saved;
};

/** The next items of a list nobody checked on WhatsApp yet, by id. */
export const unchecked = (tx: Tx, companyId: number, contactListId: number, limit: number): Promise<ContactListItemRow[]> =>
  tx
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId), isNull(contactListItems.isWhatsappValid)))
    .orderBy(asc(contactListItems.id))
    .limit(limit);

/** Stores a check's verdict unless the number changed meanwhile (then it waits for its own check). */
export const setValidity = async (tx: Tx, companyId: number, id: number, number: string, valid: boolean, at: Date): Promise<ContactListItemRow | undefined> =>
  (
    await tx
      .update(contactListItems)
      .set({ isWhatsappValid: valid, checkedAt: at })
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id), eq(contactListItems.number, number)))
      .returning()
  )[0];

/**
 * A list's items for a campaign, by id after `afterId` (keyset pages): name, number, email and
 * whether the number is on WhatsApp (null: not checked).
 */
export const itemsForCampaign = (tx: Tx, companyId: number, contactListId: number, opts: { afterId?: number; limit?: number } = {}): Promise<ContactListItemDto[]> =>
  tx
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId), gt(contactListItems.id, opts.afterId ?? 0)))
    .orderBy(asc(contactListItems.id))
    .limit(opts.limit ?? 1000)
    .then((rows) => rows.map(toItemDto));
