import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { platformLogos } from './companies.table';

export type LogoRow = typeof platformLogos.$inferSelect;
export type NewLogo = Omit<typeof platformLogos.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A destination's current logo (decision 0460), or undefined. */
export const currentLogo = async (tx: Tx, destination: string): Promise<LogoRow | undefined> =>
  (await tx.select().from(platformLogos).where(eq(platformLogos.destination, destination)).limit(1))[0];

/** Every destination's current logo. */
export const allLogos = async (tx: Tx): Promise<LogoRow[]> => tx.select().from(platformLogos);

/**
 * Serialises the logo writes of one transaction against every other process's (an upload, an
 * import): whoever replaces a row knows the file it replaced, so that one, and only that one,
 * is removed after the commit.
 */
export const lockLogos = async (tx: Tx): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('platform_logos'))`);
};

/** Makes `row` the destination's logo (inserted or replacing the one there). */
export const putLogo = async (tx: Tx, row: NewLogo): Promise<void> => {
  const { destination: _d, ...set } = row;
  await tx
    .insert(platformLogos)
    .values(row)
    .onConflictDoUpdate({ target: platformLogos.destination, set: { ...set, updatedAt: new Date() } });
};

/** Imports a logo only when the destination has none yet; whether it did. */
export const putLogoIfNone = async (tx: Tx, row: NewLogo): Promise<boolean> =>
  (await tx.insert(platformLogos).values(row).onConflictDoNothing({ target: platformLogos.destination }).returning({ id: platformLogos.id })).length > 0;
