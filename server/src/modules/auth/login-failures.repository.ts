import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loginFailures } from './login-failures.table';

export type LoginFailureRow = typeof loginFailures.$inferSelect;

// Global table (no company_id): keyed by a hash of account + client address, not by tenant.

export const get = async (tx: Tx, key: string): Promise<LoginFailureRow | undefined> =>
  (await tx.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1))[0];

/** The row, locked until the transaction ends: concurrent failures count one after another. */
export const getForUpdate = async (tx: Tx, key: string): Promise<LoginFailureRow | undefined> =>
  (await tx.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1).for('update'))[0];

export const put = async (tx: Tx, row: LoginFailureRow): Promise<void> => {
  await tx
    .insert(loginFailures)
    .values(row)
    .onConflictDoUpdate({ target: loginFailures.key, set: { failures: row.failures, lastFailedAt: row.lastFailedAt, retryAfter: row.retryAfter } });
};

export const clear = async (tx: Tx, key: string): Promise<void> => {
  await tx.delete(loginFailures).where(eq(loginFailures.key, key));
};
