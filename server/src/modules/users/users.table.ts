import { boolean, foreignKey, index, integer, pgTable, primaryKey, serial, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../../db/columns';
import { companies } from '../companies/companies.table';
import { queues } from '../queues/queues.table';
import { whatsapps } from '../whatsapp/whatsapp.table';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    // Unique across the platform: login looks a user up by e-mail alone.
    email: varchar('email', { length: 120 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: varchar('profile', { length: 20 }).notNull().default('user'),
    super: boolean('super').notNull().default(false),
    allTicket: varchar('all_ticket', { length: 10 }).notNull().default('disabled'),
    whatsappId: integer('whatsapp_id'),
    online: boolean('online').notNull().default(false),
    /** Bumped on password change: access tokens carry it, so old ones stop working. */
    sessionVersion: integer('session_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

export const userQueues = pgTable(
  'user_queues',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    queueId: integer('queue_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.queueId] }),
    index('user_queues_queue').on(t.queueId),
    foreignKey({ name: 'user_queues_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'user_queues_queue_fk', columns: [t.companyId, t.queueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('cascade'),
  ],
);

/** Refresh tokens: stored hashed, rotated on every use; a family shares one login. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    family: varchar('family', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash').on(t.tokenHash),
    index('refresh_tokens_family').on(t.family),
    index('refresh_tokens_user').on(t.userId),
    foreignKey({ name: 'refresh_tokens_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * Password reset codes (issue 14 §3): 6 digits sent by e-mail, stored hashed, valid 30 minutes,
 * single use (used_at), at most 5 tries (attempts). A new request replaces the user's open code.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_user').on(t.userId),
    foreignKey({ name: 'password_resets_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);
