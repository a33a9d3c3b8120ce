import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/**
 * Wrong passwords per account + client address (login backoff, auth.service). Global, like the
 * login itself (no company is known before the password is right); the key is a hash, so no
 * e-mail or address is kept in clear. In PostgreSQL so every process sees the same counts.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailedAt: ts('last_failed_at').notNull(),
  retryAfter: ts('retry_after'),
});
