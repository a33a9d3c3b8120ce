import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { refreshTokens } from './auth.table';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export const findByHash = async (tx: Tx, tokenHash: string): Promise<RefreshTokenRow | undefined> =>
  (await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1).for('update'))[0];

export const insert = async (tx: Tx, row: typeof refreshTokens.$inferInsert): Promise<void> => {
  await tx.insert(refreshTokens).values(row);
};

// These run under withSystem (RLS off: the company is not known before the token is found), so
// the company filter below is the only one.

export const markUsed = async (tx: Tx, companyId: number, id: number, at: Date): Promise<void> => {
  await tx.update(refreshTokens).set({ usedAt: at }).where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.id, id)));
};

export const revokeFamily = async (tx: Tx, companyId: number, family: string, at: Date): Promise<void> => {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
};

/** Single active session per user: a new login ends the other families. */
export const revokeOtherFamilies = async (tx: Tx, companyId: number, userId: number, keepFamily: string, at: Date): Promise<void> => {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.userId, userId), ne(refreshTokens.family, keepFamily), isNull(refreshTokens.revokedAt)));
};

/** Every session of the user ends (a password reset). */
export const revokeUser = async (tx: Tx, companyId: number, userId: number, at: Date): Promise<void> => {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.companyId, companyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
};
