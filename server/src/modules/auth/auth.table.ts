import { foreignKey, index, integer, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { users } from '../users/users.table';

// The auth module's tables (issue 27 §2: the module that writes them declares them).

/** Refresh tokens: stored hashed, rotated on every use; a family shares one login. */
export const refreshTokens = tenantTable(
  'refresh_tokens',
  {
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
export const passwordResets = tenantTable(
  'password_resets',
  {
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
export * from './two-factor.table';
