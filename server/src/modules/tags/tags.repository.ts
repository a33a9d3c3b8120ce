import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TagDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
// The tables were declared with the tickets' (migration 0000); the tags module owns their SQL.
import { contactTags, tags, ticketTags } from '../tickets/tickets.table';

export type TagRow = typeof tags.$inferSelect;

export const toTagDto = (r: TagRow): TagDto => ({ id: r.id, name: r.name, color: r.color, kanban: r.kanban });

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
