import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { whatsappAuth } from '../whatsapp-session.table';

/** Which connection's auth rows; both ids filter every query (RLS re-checks the company). */
export interface AuthConnection {
  companyId: number;
  whatsappId: number;
}

export interface AuthRow {
  category: string;
  keyId: string;
  value: string;
}

// 500 rows × 6 parameters stays far below PostgreSQL's 65 535 bind parameters (Baileys uploads
// 812 pre-keys at pairing).
const CHUNK = 500;

const ofConnection = (conn: AuthConnection) => and(eq(whatsappAuth.companyId, conn.companyId), eq(whatsappAuth.whatsappId, conn.whatsappId));

export const read = (tx: Tx, conn: AuthConnection, category: string, keyIds: string[]): Promise<AuthRow[]> =>
  keyIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({ category: whatsappAuth.category, keyId: whatsappAuth.keyId, value: whatsappAuth.value })
        .from(whatsappAuth)
        .where(and(ofConnection(conn), eq(whatsappAuth.category, category), inArray(whatsappAuth.keyId, keyIds)));

export const upsert = async (tx: Tx, conn: AuthConnection, rows: AuthRow[]): Promise<void> => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx
      .insert(whatsappAuth)
      .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, companyId: conn.companyId, whatsappId: conn.whatsappId })))
      .onConflictDoUpdate({
        target: [whatsappAuth.whatsappId, whatsappAuth.category, whatsappAuth.keyId],
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }
};

export const remove = async (tx: Tx, conn: AuthConnection, category: string, keyIds: string[]): Promise<void> => {
  for (let i = 0; i < keyIds.length; i += CHUNK) {
    await tx.delete(whatsappAuth).where(and(ofConnection(conn), eq(whatsappAuth.category, category), inArray(whatsappAuth.keyId, keyIds.slice(i, i + CHUNK))));
  }
};

/** Every row of the connection, or every row but one category (the creds, for keys.clear). */
export const removeAll = async (tx: Tx, conn: AuthConnection, opts: { except?: string } = {}): Promise<void> => {
  await tx.delete(whatsappAuth).where(and(ofConnection(conn), opts.except === undefined ? undefined : ne(whatsappAuth.category, opts.except)));
};

/** For tests and diagnostics: what is stored, without decrypting. */
export const listRaw = (tx: Tx, conn: AuthConnection): Promise<AuthRow[]> =>
  tx
    .select({ category: whatsappAuth.category, keyId: whatsappAuth.keyId, value: whatsappAuth.value })
    .from(whatsappAuth)
    .where(ofConnection(conn))
    .orderBy(asc(whatsappAuth.category), asc(whatsappAuth.keyId));
