import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { passwordResets } from './auth.table';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

// These run under withSystem (no one is logged in: the user is found by e-mail), so the company
// filter below is the only one.

/** A new code for the user: any open one is dropped first (a new request replaces it). */
export const replace = async (tx: Tx, row: { companyId: number; userId: number; codeHash: string; expiresAt: Date }): Promise<void> => {
  await tx.delete(passwordResets).where(and(eq(passwordResets.companyId, row.companyId), eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
  await tx.insert(passwordResets).values(row);
};

/** The user's open code (not used yet), locked: concurrent tries count one by one. */
export const openFor = async (tx: Tx, companyId: number, userId: number): Promise<PasswordResetRow | undefined> =>
  (
    await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.companyId, companyId), eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
      .orderBy(desc(passwordResets.id))
      .limit(1)
      .for('update')
  )[0];

export const countFailure = async (tx: Tx, companyId: number, id: number): Promise<void> => {
  await tx
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.companyId, companyId), eq(passwordResets.id, id)));
};

export const markUsed = async (tx: Tx, companyId: number, id: number, at: Date): Promise<void> => {
  await tx.update(passwordResets).set({ usedAt: at }).where(and(eq(passwordResets.companyId, companyId), eq(passwordResets.id, id)));
};
