import { and, asc, eq } from 'drizzle-orm';
import type { TicketNoteDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
// The table was declared with the tickets' (migration 0000); this module owns its SQL.
import { ticketNotes } from './ticket-notes.table';
import { users } from '../users/users.table';

export type TicketNoteRow = typeof ticketNotes.$inferSelect;

const toDto = (r: TicketNoteRow, userName: string | null): TicketNoteDto => ({
  id: r.id,
  note: r.note,
  ticketId: r.ticketId,
  contactId: r.contactId,
  userId: r.userId,
  user: r.userId != null && userName != null ? { id: r.userId, name: userName } : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const withUser = (tx: Tx, companyId: number) =>
  tx
    .select({ note: ticketNotes, userName: users.name })
    .from(ticketNotes)
    .leftJoin(users, and(eq(users.id, ticketNotes.userId), eq(users.companyId, companyId)));

/** A ticket's notes, oldest first (as written). */
export const listOfTicket = async (tx: Tx, companyId: number, ticketId: number): Promise<TicketNoteDto[]> =>
  (await withUser(tx, companyId).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.ticketId, ticketId))).orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id))).map(
    (r) => toDto(r.note, r.userName),
  );

export const getDto = async (tx: Tx, companyId: number, id: number): Promise<TicketNoteDto | undefined> => {
  const r = (await withUser(tx, companyId).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id))).limit(1))[0];
  return r ? toDto(r.note, r.userName) : undefined;
};

export const get = async (tx: Tx, companyId: number, id: number): Promise<TicketNoteRow | undefined> =>
  (await tx.select().from(ticketNotes).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id))).limit(1))[0];

export const insert = async (tx: Tx, row: { companyId: number; ticketId: number; contactId: number; userId: number; note: string }): Promise<TicketNoteRow> =>
  (await tx.insert(ticketNotes).values(row).returning())[0]!;

export const remove = async (tx: Tx, companyId: number, id: number): Promise<void> => {
  await tx.delete(ticketNotes).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)));
};

/** A merged contact's notes become the kept one's (contact merge, decision 0360). */
export const moveContact = async (tx: Tx, companyId: number, from: number, to: number): Promise<void> => {
  await tx.update(ticketNotes).set({ contactId: to }).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, from)));
};
