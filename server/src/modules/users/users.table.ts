import { boolean, foreignKey, index, integer, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { linkTable, tenantTable } from '../companies/companies.table';
import { queues } from '../queues/queues.table';
import { whatsapps } from '../whatsapp/whatsapp.table';

export const users = tenantTable(
  'users',
  {
    name: varchar('name', { length: 50 }).notNull(),
    // Unique across the platform: login looks a user up by e-mail alone.
    email: varchar('email', { length: 120 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: varchar('profile', { length: 20 }).notNull().default('user'),
    super: boolean('super').notNull().default(false),
    allTicket: varchar('all_ticket', { length: 10 }).notNull().default('disabled'),
    whatsappId: integer('whatsapp_id'),
    online: boolean('online').notNull().default(false),
    /** The user's own toggle (issue 30 §1): connected but not taking new tickets. Presence: offline unless online, then away or online. */
    away: boolean('away').notNull().default(false),
    /** How many open tickets assignment gives them at most (null: the queue's agentCapacity). */
    maxTickets: integer('max_tickets'),
    /** Bumped on password change: access tokens carry it, so old ones stop working. */
    sessionVersion: integer('session_version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company').on(t.companyId),
    // Target of the composite (company_id, id) keys: a row can only point at its own company's rows.
    unique('users_company_id_id').on(t.companyId, t.id),
    // ON DELETE SET NULL (whatsapp_id) in the migration: company_id stays.
    foreignKey({ name: 'users_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('set null'),
  ],
);

export const userQueues = linkTable('user_queues', ['userId', users], ['queueId', queues]);

