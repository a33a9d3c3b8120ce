import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, ts } from '../../db/columns';
import { companies, tenantTable } from '../companies/companies.table';
import { users } from '../users/users.table';

/**
 * A user's TOTP (issue 28 §13; decision 0350): the secret sealed (lib/sealed-value, aad naming
 * the user), `enabled_at` null while set up but not yet confirmed by a code, the last time step
 * accepted (a code works once), and the recovery codes as HMACs, each removed when used.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    secret: text('secret').notNull(),
    enabledAt: ts('enabled_at'),
    lastStep: integer('last_step'),
    recoveryHashes: text('recovery_hashes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'two_factors_pk', columns: [t.companyId, t.userId] }),
    foreignKey({ name: 'two_factors_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * Login challenges: the password was right, the second step is pending. Stored hashed, single
 * use (used_at), 5 minutes, at most 5 wrong codes; a user's new challenge replaces the old ones.
 * `purpose`: 'verify' (type a code) or 'setup' (the policy requires 2FA the user has not set up).
 */
export const twoFactorChallenges = tenantTable(
  'two_factor_challenges',
  {
    userId: integer('user_id').notNull(),
    purpose: varchar('purpose', { length: 8 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_hash').on(t.tokenHash),
    index('two_factor_challenges_user').on(t.companyId, t.userId),
    foreignKey({ name: 'two_factor_challenges_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);
