import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { whatsappPhoneContacts } from './whatsapp-session.table';

/**
 * One entry of a connection's phone book as a channel reports it. `saved`: the name is the one
 * the phone's owner saved (or WhatsApp's verified business name); otherwise it is the person's
 * own push name, which only fills an entry that has no name yet.
 */
export interface PhoneBookEntry {
  jid: string;
  name: string;
  saved: boolean;
}

/** Rows per statement (four parameters each, far below PostgreSQL's limit). */
const CHUNK = 500;

/**
 * Merges entries into the connection's stored book (decision 0150). Within one call a saved name
 * beats a push name for the same JID; against the stored row, a saved name replaces it and a
 * push name only fills an empty one; an entry without a name never blanks one.
 */
export const upsertEntries = async (tx: Tx, companyId: number, whatsappId: number, entries: readonly PhoneBookEntry[]): Promise<number> => {
  const byJid = new Map<string, PhoneBookEntry>();
  for (const e of entries) {
    const jid = e.jid.trim().slice(0, 200);
    if (!jid) continue;
    const name = e.name.trim().slice(0, 100);
    const entry = { jid, name, saved: e.saved && !!name };
    const prev = byJid.get(jid);
    // A saved name beats a push name; a later name replaces an earlier one of the same kind.
    if (!prev || entry.saved || (!prev.saved && name)) byJid.set(jid, entry);
  }
  const all = [...byJid.values()];
  const t = whatsappPhoneContacts;
  for (const saved of [true, false]) {
    const rows = all.filter((e) => e.saved === saved);
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(t)
        .values(rows.slice(i, i + CHUNK).map((e) => ({ companyId, whatsappId, jid: e.jid, name: e.name })))
        .onConflictDoUpdate({
          target: [t.whatsappId, t.jid],
          set: saved
            ? { name: sql`case when excluded.name = '' then ${t.name} else excluded.name end`, updatedAt: sql`now()` }
            : { name: sql`case when ${t.name} = '' then excluded.name else ${t.name} end`, updatedAt: sql`now()` },
        });
    }
  }
  return all.length;
};

/** How many entries the connection's book holds. */
export const count = async (tx: Tx, companyId: number, whatsappId: number): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(whatsappPhoneContacts).where(and(eq(whatsappPhoneContacts.companyId, companyId), eq(whatsappPhoneContacts.whatsappId, whatsappId))))[0]?.n ?? 0;

/** The next `limit` entries after `afterJid`, by JID (keyset pages, stable while the book grows). */
export const page = (tx: Tx, companyId: number, whatsappId: number, afterJid: string, limit: number): Promise<{ jid: string; name: string }[]> =>
  tx
    .select({ jid: whatsappPhoneContacts.jid, name: whatsappPhoneContacts.name })
    .from(whatsappPhoneContacts)
    .where(and(eq(whatsappPhoneContacts.companyId, companyId), eq(whatsappPhoneContacts.whatsappId, whatsappId), gt(whatsappPhoneContacts.jid, afterJid)))
    .orderBy(asc(whatsappPhoneContacts.jid))
    .limit(limit);
