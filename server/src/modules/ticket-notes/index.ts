// The ticket-notes module's one door (decision 0015): notes agents leave on a ticket.
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { registerTicketNoteListeners } from './ticket-notes.listeners';
import { ticketNotesRoutes } from './ticket-notes.routes';
import { createTicketNotesService } from './ticket-notes.service';
import { moveContact } from './ticket-notes.repository';

export { createTicketNotesService, type TicketNotesService } from './ticket-notes.service';

/** The verb the contact merge runs in its transaction: a merged contact's notes (decision 0360). */
export const ticketNotesWrites = { moveContact };

export const ticketNotesModule = defineModule({
  name: 'ticket-notes',
  dependsOn: ['users', 'tickets'],
  setup: (k: { data: DataAccess; bus: EventBus }) => ({
    routes: ticketNotesRoutes(createTicketNotesService({ data: k.data })),
    start: (rt) => registerTicketNoteListeners(k.bus, rt),
  }),
});
