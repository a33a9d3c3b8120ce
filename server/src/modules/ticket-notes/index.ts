// The ticket-notes module's one door (decision 0015): notes agents leave on a ticket.
import type { DataAccess } from '../../db/tenant';
import { defineModule } from '../../infra/module';
import { ticketNotesRoutes } from './ticket-notes.routes';
import { createTicketNotesService } from './ticket-notes.service';

export { createTicketNotesService, type TicketNotesService } from './ticket-notes.service';

export const ticketNotesModule = defineModule({
  name: 'ticket-notes',
  dependsOn: ['users', 'tickets'],
  setup: (k: { data: DataAccess }) => ({ routes: ticketNotesRoutes(createTicketNotesService({ data: k.data })) }),
});
