import { boolean, foreignKey, index, integer, text, unique, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps, ts } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { contacts } from '../contacts/contacts.table';
import { tickets } from '../tickets/tickets.table';
import { users } from '../users/users.table';
import { whatsapps } from '../whatsapp/whatsapp.table';

/**
 * Scheduled messages (administration.md "Schedule", server-behaviour §8) and follow-ups that
 * cancel themselves (issue 13 §2: `cancel_on_reply`, tied to a ticket). PENDENTE → ENVIADA
 * (sent_at) | ERRO (error, after `attempts` reach 3) | CANCELADA (a follow-up the customer
 * answered first). `late`: sent after its time because the server was down.
 */
export const schedules = tenantTable(
  'schedules',
  {
    body: text('body').notNull(),
    contactId: integer('contact_id').notNull(),
    /** A follow-up's ticket; for a schedule, the ticket the sent message was stored in. */
    ticketId: integer('ticket_id'),
    userId: integer('user_id'),
    /** The connection it was (or will be) sent through; null = the contact's last or the default. */
    whatsappId: integer('whatsapp_id'),
    sendAt: ts('send_at').notNull(),
    sentAt: ts('sent_at'),
    status: varchar('status', { length: 20 }).notNull().default('PENDENTE'),
    error: text('error').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    late: boolean('late').notNull().default(false),
    cancelOnReply: boolean('cancel_on_reply').notNull().default(false),
    cancelledAt: ts('cancelled_at'),
    messageId: integer('message_id'),
    mediaPath: text('media_path').notNull().default(''),
    mediaName: text('media_name').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    unique('schedules_company_id_id').on(t.companyId, t.id),
    index('schedules_company_send_at').on(t.companyId, t.sendAt),
    // The sender's sweep: only what is still to send.
    index('schedules_due').on(t.sendAt).where(sql`status = 'PENDENTE'`),
    // The customer's reply cancels their ticket's pending follow-ups.
    index('schedules_followups').on(t.ticketId).where(sql`cancel_on_reply and status = 'PENDENTE'`),
    foreignKey({ name: 'schedules_contact_fk', columns: [t.companyId, t.contactId], foreignColumns: [contacts.companyId, contacts.id] }).onDelete('cascade'),
    // ON DELETE SET NULL (column) in the migration: company_id stays.
    foreignKey({ name: 'schedules_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('set null'),
    foreignKey({ name: 'schedules_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
    foreignKey({ name: 'schedules_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('set null'),
  ],
);
