import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { twoFactorChallenges, twoFactors } from './two-factor.table';

export type TwoFactorRow = typeof twoFactors.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

// Login runs under withSystem (nobody is logged in yet), so the company filter below is the only one.
const ofUser = (companyId: number, userId: number) => and(eq(twoFactors.companyId, companyId), eq(twoFactors.userId, userId));

/** The user's row, locked: a code's time step and a recovery code are spent one at a time. */
export const getForUpdate = async (tx: Tx, companyId: number, userId: number): Promise<TwoFactorRow | undefined> =>
  (await tx.select().from(twoFactors).where(ofUser(companyId, userId)).limit(1).for('update'))[0];

export const get = async (tx: Tx, companyId: number, userId: number): Promise<TwoFactorRow | undefined> =>
  (await tx.select().from(twoFactors).where(ofUser(companyId, userId)).limit(1))[0];

/** A new secret, not yet enabled (replaces an earlier setup that was never confirmed). */
export const putPending = async (tx: Tx, companyId: number, userId: number, secret: string): Promise<void> => {
  await tx
    .insert(twoFactors)
    .values({ companyId, userId, secret })
    .onConflictDoUpdate({ target: [twoFactors.companyId, twoFactors.userId], set: { secret, enabledAt: null, lastStep: null, recoveryHashes: sql`'{}'::text[]` } });
};

export const update = async (tx: Tx, companyId: number, userId: number, set: Partial<Pick<TwoFactorRow, 'enabledAt' | 'lastStep' | 'recoveryHashes'>>): Promise<void> => {
  await tx.update(twoFactors).set(set).where(ofUser(companyId, userId));
};

export const remove = async (tx: Tx, companyId: number, userId: number): Promise<void> => {
  await tx.delete(twoFactors).where(ofUser(companyId, userId));
};

/** A new challenge for the user: their earlier ones stop working (one login at a time). */
export const replaceChallenge = async (tx: Tx, row: Pick<ChallengeRow, 'companyId' | 'userId' | 'purpose' | 'tokenHash' | 'expiresAt'>): Promise<void> => {
  await tx.delete(twoFactorChallenges).where(and(eq(twoFactorChallenges.companyId, row.companyId), eq(twoFactorChallenges.userId, row.userId)));
  await tx.insert(twoFactorChallenges).values(row);
};

/** The challenge with this hash, locked: concurrent tries count one by one. */
export const challengeForUpdate = async (tx: Tx, tokenHash: string): Promise<ChallengeRow | undefined> =>
  (await tx.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash)).limit(1).for('update'))[0];

export const countChallengeFailure = async (tx: Tx, id: number): Promise<void> => {
  await tx.update(twoFactorChallenges).set({ attempts: sql`${twoFactorChallenges.attempts} + 1` }).where(eq(twoFactorChallenges.id, id));
};

export const useChallenge = async (tx: Tx, id: number, at: Date): Promise<void> => {
  await tx.update(twoFactorChallenges).set({ usedAt: at }).where(eq(twoFactorChallenges.id, id));
};
