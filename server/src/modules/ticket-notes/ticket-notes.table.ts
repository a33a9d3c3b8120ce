import { foreignKey, index, integer, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { contacts } from '../contacts/contacts.table';
import { tickets } from '../tickets/tickets.table';
import { users } from '../users/users.table';

/** Agents' notes on a ticket (the drawer's "Observações"). */
export const ticketNotes = tenantTable(
  'ticket_notes',
  {
    ticketId: integer('ticket_id').notNull(),
    contactId: integer('contact_id').notNull(),
    userId: integer('user_id'),
    note: text('note').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('ticket_notes_ticket').on(t.ticketId),
    foreignKey({ name: 'ticket_notes_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('cascade'),
    foreignKey({ name: 'ticket_notes_contact_fk', columns: [t.companyId, t.contactId], foreignColumns: [contacts.companyId, contacts.id] }).onDelete('cascade'),
    foreignKey({ name: 'ticket_notes_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
  ],
);
