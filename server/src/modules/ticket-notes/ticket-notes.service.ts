import { can, type CreateTicketNoteBody, type ListTicketNotesQuery, type TicketNoteDto } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { visibleTicket } from '../tickets';
import * as repo from './ticket-notes.repository';

/** A contactId the client sent must be the ticket's own contact (decision 0081). */
const assertContact = (ticket: { contactId: number }, contactId: number | undefined) => {
  if (contactId !== undefined && contactId !== ticket.contactId) throw new AppError('ERR_VALIDATION', "contactId is not the ticket's contact");
};

/**
 * Ticket notes (attendance.md §3, §5, §7; decision 0081): whoever may see the ticket reads and
 * adds its notes; a note is deleted by its author or an admin.
 */
export const createTicketNotesService = (deps: { data: DataAccess }) => {
  const { data } = deps;
  return {
    list: (ctx: Ctx, q: ListTicketNotesQuery): Promise<TicketNoteDto[]> =>
      data.withTenant(ctx, async ({ tx }) => {
        const ticket = await visibleTicket(tx, ctx, q.ticketId);
        assertContact(ticket, q.contactId);
        return repo.listOfTicket(tx, ctx.companyId, ticket.id);
      }),

    create: (ctx: Ctx, body: CreateTicketNoteBody): Promise<TicketNoteDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const ticket = await visibleTicket(tx, ctx, body.ticketId);
        assertContact(ticket, body.contactId);
        const row = await repo.insert(tx, { companyId: ctx.companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: ctx.userId, note: body.note });
        const note = (await repo.getDto(tx, ctx.companyId, row.id))!;
        stage({ type: 'ticketNote.created', companyId: ctx.companyId, ticketUuid: ticket.uuid, note });
        return note;
      }),

    remove: (ctx: Ctx, id: number): Promise<void> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const note = found(await repo.get(tx, ctx.companyId, id), 'ERR_NOT_FOUND');
        const ticket = await visibleTicket(tx, ctx, note.ticketId);
        if (note.userId !== ctx.userId && !can(ctx, 'ticketNotes:deleteAny')) throw new AppError('ERR_NO_PERMISSION');
        await repo.remove(tx, ctx.companyId, id);
        stage({ type: 'ticketNote.deleted', companyId: ctx.companyId, ticketUuid: ticket.uuid, ticketId: ticket.id, id });
      }),
  };
};

export type TicketNotesService = ReturnType<typeof createTicketNotesService>;
