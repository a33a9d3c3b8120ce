import { bigserial, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TemplateSend } from '@balcao/shared';
import { timestamps, ts, updatedAt } from '../../db/columns';
import { companies, tenantTable } from '../companies/companies.table';
import { contactListItems, contactLists } from '../contact-lists/contact-lists.table';
import { contacts } from '../contacts/contacts.table';
import { fileLists } from '../files/files.table';
import { tickets } from '../tickets/tickets.table';
import { tags } from '../tags/tags.table';
import { whatsapps } from '../whatsapp/whatsapp.table';

/**
 * Campaigns (administration.md "Campaign", §4 states; server-behaviour §8): INATIVA → PROGRAMADA
 * → EM_ANDAMENTO → FINALIZADA, cancel → CANCELADA, restart → EM_ANDAMENTO (unsent only).
 * Audience: a contact list or a tag (`tag_list_id`).
 */
export const campaigns = tenantTable(
  'campaigns',
  {
    name: varchar('name', { length: 50 }).notNull(),
    message1: text('message1').notNull().default(''),
    message2: text('message2').notNull().default(''),
    message3: text('message3').notNull().default(''),
    message4: text('message4').notNull().default(''),
    message5: text('message5').notNull().default(''),
    confirmationMessage1: text('confirmation_message1').notNull().default(''),
    confirmationMessage2: text('confirmation_message2').notNull().default(''),
    confirmationMessage3: text('confirmation_message3').notNull().default(''),
    confirmationMessage4: text('confirmation_message4').notNull().default(''),
    confirmationMessage5: text('confirmation_message5').notNull().default(''),
    confirmation: boolean('confirmation').notNull().default(false),
    status: varchar('status', { length: 20 }).notNull().default('INATIVA'),
    scheduledAt: ts('scheduled_at'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    whatsappId: integer('whatsapp_id'),
    contactListId: integer('contact_list_id'),
    tagListId: integer('tag_list_id'),
    fileListId: integer('file_list_id'),
    mediaPath: text('media_path').notNull().default(''),
    mediaName: text('media_name').notNull().default(''),
    /**
     * On a Cloud API connection, the approved template the campaign's first message is
     * (issue 29 §3; decision 0451): `{ name, language, variables, headerMediaUrl? }`, each
     * variable a campaign text (`{nome}`, the company's variables) rendered per contact.
     */
    template: jsonb('template').$type<TemplateSend>(),
    ...timestamps(),
  },
  (t) => [
    unique('campaigns_company_id_id').on(t.companyId, t.id),
    index('campaigns_company').on(t.companyId),
    // The starter's sweep: scheduled campaigns whose time came.
    index('campaigns_due').on(t.scheduledAt).where(sql`status = 'PROGRAMADA'`),
    // ON DELETE SET NULL (column) in the migration: company_id stays.
    foreignKey({ name: 'campaigns_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('set null'),
    foreignKey({ name: 'campaigns_contact_list_fk', columns: [t.companyId, t.contactListId], foreignColumns: [contactLists.companyId, contactLists.id] }).onDelete('set null'),
    foreignKey({ name: 'campaigns_tag_fk', columns: [t.companyId, t.tagListId], foreignColumns: [tags.companyId, tags.id] }).onDelete('set null'),
    foreignKey({ name: 'campaigns_file_list_fk', columns: [t.companyId, t.fileListId], foreignColumns: [fileLists.companyId, fileLists.id] }).onDelete('set null'),
  ],
);

/** /campaigns-config: messageInterval, longerIntervalAfter, greaterInterval, variables (JSON text). */
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 40 }).notNull(),
    value: text('value').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

/**
 * The send ledger (issue 13 §5 "exactly once"): one row per (campaign, number), claimed before
 * sending, so no restart, kill -9, cancel/restart or second process sends twice.
 * status: pending | claimed | confirmation_requested | confirmed | sent | delivered | read |
 * failed | skipped_invalid | skipped_optout | held.
 */
export const campaignShipping = pgTable(
  'campaign_shipping',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').notNull(),
    contactListItemId: integer('contact_list_item_id'),
    contactId: integer('contact_id'),
    number: varchar('number', { length: 128 }).notNull(),
    name: varchar('name', { length: 255 }).notNull().default(''),
    email: varchar('email', { length: 255 }).notNull().default(''),
    status: varchar('status', { length: 30 }).notNull().default('pending'),
    /** The variant chosen for this person, rendered (kept so a retry sends the same text). */
    message: text('message').notNull().default(''),
    confirmationMessage: text('confirmation_message').notNull().default(''),
    ticketId: integer('ticket_id'),
    messageId: integer('message_id'),
    confirmationMessageId: integer('confirmation_message_id'),
    claimedAt: ts('claimed_at'),
    claimedBy: varchar('claimed_by', { length: 64 }),
    confirmationRequestedAt: ts('confirmation_requested_at'),
    confirmedAt: ts('confirmed_at'),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    failedAt: ts('failed_at'),
    error: text('error').notNull().default(''),
    /** Why the number-health gate held this send back (rate, daily-cap, warm-up, opt-out). */
    holdReason: varchar('hold_reason', { length: 40 }),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    unique('campaign_shipping_campaign_number').on(t.campaignId, t.number),
    index('campaign_shipping_campaign_status').on(t.campaignId, t.status),
    // A customer's reply confirms their pending confirmation request.
    index('campaign_shipping_awaiting').on(t.companyId, t.number).where(sql`status = 'confirmation_requested'`),
    // …or by contact: the inbound unit of work asks both for every customer's message (decision 0326).
    index('campaign_shipping_awaiting_contact').on(t.contactId).where(sql`status = 'confirmation_requested'`),
    index('campaign_shipping_message').on(t.messageId).where(sql`message_id is not null`),
    foreignKey({ name: 'campaign_shipping_campaign_fk', columns: [t.companyId, t.campaignId], foreignColumns: [campaigns.companyId, campaigns.id] }).onDelete('cascade'),
    // ON DELETE SET NULL (column) in the migration: company_id stays.
    foreignKey({ name: 'campaign_shipping_item_fk', columns: [t.companyId, t.contactListItemId], foreignColumns: [contactListItems.companyId, contactListItems.id] }).onDelete('set null'),
    foreignKey({ name: 'campaign_shipping_contact_fk', columns: [t.companyId, t.contactId], foreignColumns: [contacts.companyId, contacts.id] }).onDelete('set null'),
    foreignKey({ name: 'campaign_shipping_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('set null'),
  ],
);
