import { bigint, boolean, foreignKey, index, integer, jsonb, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { MessageReaction } from '@balcao/shared';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { contacts } from '../contacts/contacts.table';
import { tickets } from '../tickets/tickets.table';
import { users } from '../users/users.table';
import { whatsapps } from '../whatsapp/whatsapp.table';

export const messages = tenantTable(
  'messages',
  {
    ticketId: integer('ticket_id').notNull(),
    contactId: integer('contact_id'),
    whatsappId: integer('whatsapp_id').notNull(),
    /** The channel's message id: with whatsappId, the idempotency key of ingest and echo. */
    waMessageId: varchar('wa_message_id', { length: 128 }).notNull(),
    userId: integer('user_id'),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    ack: integer('ack').notNull().default(0),
    read: boolean('read').notNull().default(false),
    mediaType: varchar('media_type', { length: 30 }),
    mediaUrl: text('media_url'),
    /** The file's size in bytes once known: sent (the upload's), or stored (the download's) (issue 28 §5). */
    mediaSize: bigint('media_size', { mode: 'number' }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    isForwarded: boolean('is_forwarded').notNull().default(false),
    automated: boolean('automated').notNull().default(false),
    quotedMsgId: integer('quoted_msg_id'),
    /** Reactions on this message, one per reactor (a new emoji replaces theirs, '' removes it). */
    reactions: jsonb('reactions').$type<MessageReaction[]>().notNull().default([]),
    errorCode: varchar('error_code', { length: 60 }),
    /**
     * Why the channel failed the message, in its own words (a Cloud API status's "131047 …"; issue
     * 29 §2, decision 0475): text beside `errorCode`, which stays one of our codes for the UI's logic.
     */
    errorDetail: varchar('error_detail', { length: 500 }),
    /** The channel's raw message, kept to answer WhatsApp retry requests (getMessage). */
    raw: jsonb('raw'),
    /**
     * The sender's own id for an agent's send (issue 16 §4, offline outbox): a retry with the same
     * client id answers the stored message instead of sending twice. Null for everything else.
     */
    clientId: uuid('client_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('messages_whatsapp_wa_id').on(t.whatsappId, t.waMessageId),
    // Partial: only agents' sends carry a client id, so the index stays small.
    uniqueIndex('messages_company_client_id').on(t.companyId, t.clientId).where(sql`client_id IS NOT NULL`),
    // company_id last: the conversation's count and page ids read the index alone (RLS checks
    // company_id, so without it every entry cost a heap visit; issue 9 bench, decision 0059).
    index('messages_ticket_created').on(t.ticketId, t.createdAt.desc(), t.id.desc(), t.companyId),
    // Composite (company_id, id) keys: a message can only point at its own company's rows.
    foreignKey({ name: 'messages_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('cascade'),
    foreignKey({ name: 'messages_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
    // ON DELETE SET NULL (contact_id) / (user_id) in the migration: company_id stays.
    foreignKey({ name: 'messages_contact_fk', columns: [t.companyId, t.contactId], foreignColumns: [contacts.companyId, contacts.id] }).onDelete('set null'),
    foreignKey({ name: 'messages_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
  ],
);
