import { boolean, foreignKey, index, integer, jsonb, pgTable, serial, smallint, text, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps, ts } from '../../db/columns';
import { companies } from '../companies/companies.table';
import { contacts } from '../contacts/contacts.table';
import { queueOptions, queues } from '../queues/queues.table';
import { users } from '../users/users.table';
import { whatsapps } from '../whatsapp/whatsapp.table';
import type { SlaState } from '@balcao/shared';

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
    whatsappId: integer('whatsapp_id').notNull(),
    queueId: integer('queue_id'),
    userId: integer('user_id'),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    isGroup: boolean('is_group').notNull().default(false),
    chatbot: boolean('chatbot').notNull().default(false),
    lastMessage: text('last_message').notNull().default(''),
    unreadMessages: integer('unread_messages').notNull().default(0),
    useIntegration: boolean('use_integration').notNull().default(false),
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    ...timestamps(),
    queuedAt: ts('queued_at'),
    botAt: ts('bot_at'),
    acceptedAt: ts('accepted_at'),
    closedAt: ts('closed_at'),
    ratingAskedAt: ts('rating_asked_at'),
    ratedAt: ts('rated_at'),
    lastFromMeAt: ts('last_from_me_at'),
    /** The customer's answer to the rating question (1–3), for the dashboard's attendants table. */
    rating: smallint('rating'),
    /** The bot's place in the queue's option tree (null = the queue menu / not in a tree). */
    botOptionId: integer('bot_option_id'),
    /** How many times the bot answered this episode: past `maxUseBotQueues` a person takes over. */
    botUses: integer('bot_uses').notNull().default(0),
    /** Last out-of-hours notice: at most one per 30 minutes per ticket. */
    outOfHoursAt: ts('out_of_hours_at'),
    /** An external flow's session (Typebot's sessionId) and when it lapses. */
    integrationSession: text('integration_session'),
    integrationSessionExpiresAt: ts('integration_session_expires_at'),
    /** The ticket's SLA clocks (issue 30 §3): deadlines set as each starts, breaches kept as they happen. */
    sla: jsonb('sla').$type<SlaState>(),
    /** The next moment the SLA sweep has something to do (a warning or a breach); null = nothing. */
    slaCheckAt: ts('sla_check_at'),
  },
  (t) => [
    uniqueIndex('tickets_uuid').on(t.uuid),
    // One live episode per contact and connection: concurrent messages can never open two.
    uniqueIndex('tickets_one_live').on(t.companyId, t.contactId, t.whatsappId).where(sql`status <> 'closed'`),
    index('tickets_company_status_updated').on(t.companyId, t.status, t.updatedAt.desc(), t.id.desc()),
    index('tickets_company_user_status_updated').on(t.companyId, t.userId, t.status, t.updatedAt.desc(), t.id.desc()),
    index('tickets_company_queue_status_updated').on(t.companyId, t.queueId, t.status, t.updatedAt.desc(), t.id.desc()),
    index('tickets_contact_whatsapp').on(t.contactId, t.whatsappId, t.id),
    // The timers' partial indexes are in migration 0014_timer_indexes.sql.
    // The dashboard's indexes (closed_at, accepted_at, created_at per company, with INCLUDE
    // columns) are in migration 0012_dashboard_indexes.sql: drizzle's builder has no INCLUDE.
    // Agents' lists: the unassigned tickets of their queues.
    index('tickets_unassigned_queue').on(t.companyId, t.status, t.queueId).where(sql`user_id is null`),
    index('tickets_sla_check').on(t.slaCheckAt).where(sql`sla_check_at is not null`),
    // Target of the composite (company_id, id) keys: a row can only point at its own company's rows.
    unique('tickets_company_id_id').on(t.companyId, t.id),
    foreignKey({ name: 'tickets_contact_fk', columns: [t.companyId, t.contactId], foreignColumns: [contacts.companyId, contacts.id] }).onDelete('cascade'),
    foreignKey({ name: 'tickets_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
    // ON DELETE SET NULL (queue_id) / (user_id) in the migration: company_id stays.
    foreignKey({ name: 'tickets_queue_fk', columns: [t.companyId, t.queueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('set null'),
    foreignKey({ name: 'tickets_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
    // ON DELETE SET NULL (bot_option_id) in the migration: an option deleted under a ticket sends it back to the menu.
    foreignKey({ name: 'tickets_bot_option_fk', columns: [t.companyId, t.botOptionId], foreignColumns: [queueOptions.companyId, queueOptions.id] }).onDelete('set null'),
  ],
);

/**
 * How many tickets each company has in each status, as signed deltas (decision 0322): a trigger
 * on `tickets` (migration 0019) appends +1/−1 rows as tickets are created, change status or go;
 * a count is the sum of its rows, and the `tickets.counts` job folds them into one row per
 * (company, status) every minute. An unfiltered list's count reads these few rows instead of
 * counting the company's tickets, which after a burst of updates (the timers, a campaign) means a
 * heap visit per ticket until VACUUM runs. Append-only, so no two transactions ever wait on a
 * counter. No foreign key (each delta would lock the company's row): a trigger on `companies`
 * deletes a deleted company's counts.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    companyId: integer('company_id').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('ticket_counts_company_status').on(t.companyId, t.status)],
);

