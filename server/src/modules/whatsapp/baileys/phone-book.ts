import { isHostedLidUser, isHostedPnUser, isLidUser, isPnUser, jidNormalizedUser, type Contact, type SignalKeyStore } from '@whiskeysockets/baileys';
import type { PhoneBookEntry } from '../phone-book.repository';
import { jidUser, toPnJid } from './phone';

const isPn = (jid: string) => !!(isPnUser(jid) || isHostedPnUser(jid));
const isLid = (jid: string) => !!(isLidUser(jid) || isHostedLidUser(jid));

/** LID users (digits) → the phone (digits) the stored `lid-mapping` keys know, in one read. */
export type LidPhones = (lidUsers: string[]) => Promise<Map<string, string>>;

/** `LidPhones` over an auth state's key store (Baileys' LIDMappingStore writes `<lid>_reverse` → phone). */
export const lidPhonesFrom =
  (keys: () => SignalKeyStore | undefined): LidPhones =>
  async (lidUsers) => {
    const out = new Map<string, string>();
    const store = keys();
    if (!store || !lidUsers.length) return out;
    const found = await store.get('lid-mapping', lidUsers.map((l) => `${l}_reverse`));
    for (const l of lidUsers) {
      const pn = found[`${l}_reverse`];
      if (typeof pn === 'string' && pn) out.set(l, jidUser(pn) || pn);
    }
    return out;
  };

/**
 * Baileys contacts (`contacts.upsert`, `contacts.update`, a history sync's `contacts`) → entries
 * of the stored phone book (decision 0150). A contact known by its LID is stored under its phone
 * JID when the contact or the LID mapping gives it, else under the LID (the import skips those).
 * `partial` (updates): an entry without any name is left out rather than stored blank.
 */
export const phoneBookEntries = async (contacts: readonly Partial<Contact>[], lidPhones?: LidPhones, partial = false): Promise<PhoneBookEntry[]> => {
  const lids = contacts.flatMap((c) => (c.id && isLid(c.id) && !(c.phoneNumber && isPn(c.phoneNumber)) ? [jidUser(c.id)] : []));
  const known = lidPhones && lids.length ? await lidPhones(lids) : new Map<string, string>();
  const out: PhoneBookEntry[] = [];
  for (const c of contacts) {
    if (!c.id) continue;
    const saved = c.name?.trim() || c.verifiedName?.trim() || '';
    const pushed = c.notify?.trim() || '';
    if (partial && !saved && !pushed) continue;
    let jid: string;
    if (isPn(c.id)) jid = jidNormalizedUser(c.id);
    else if (c.phoneNumber && isPn(c.phoneNumber)) jid = jidNormalizedUser(c.phoneNumber);
    else if (isLid(c.id) && known.has(jidUser(c.id))) jid = toPnJid(known.get(jidUser(c.id))!);
    else jid = isLid(c.id) ? jidNormalizedUser(c.id) : c.id;
    out.push({ jid, name: saved || pushed, saved: !!saved });
  }
  return out;
};
