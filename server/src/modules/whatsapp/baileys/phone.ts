/**
 * WhatsApp addresses (JIDs) ↔ the digits we store.
 *
 * Baileys 7 addresses a user either by phone number (`5561981234567@s.whatsapp.net`, "PN") or
 * by an opaque LID (`123456789012345@lid`), which hides the number. A message key may carry
 * the other form as `remoteJidAlt` / `participantAlt`; otherwise the adapter's LID→PN store
 * (Baileys' `signalRepository.lidMapping`, fed by `lid-mapping.update`) may know it.
 * Numbers are normalized by `@balcao/shared` normalizePhone (E.164 digits, Brazilian 9th digit).
 */
import { brazilianVariants, normalizeChannelPhone, onlyDigits } from '@balcao/shared';
import { isHostedLidUser, isHostedPnUser, isLidUser, isPnUser, jidDecode, jidNormalizedUser } from '@whiskeysockets/baileys';

/** Given a LID JID (`…@lid`), the phone number it stands for (PN JID or digits), if known. */
export type LidToPhone = (lidJid: string) => string | null | undefined;

export interface ResolvedUser {
  /** Phone digits (normalized), or the LID digits when `isLid`. */
  digits: string;
  isLid: boolean;
  /** LID digits, when either form was a LID. */
  lid?: string;
}

/** The user part of a JID without device or agent (`5561…:12@s.whatsapp.net` → `5561…`). */
export const jidUser = (jid: string | null | undefined): string => jidDecode(jid ?? undefined)?.user ?? '';

const isPn = (jid: string) => !!(isPnUser(jid) || isHostedPnUser(jid) || jid.endsWith('@c.us'));
const isLid = (jid: string) => !!(isLidUser(jid) || isHostedLidUser(jid));

/** Digits of a phone given as a PN JID or as digits, in the canonical form (shared normalizePhone). */
export const phoneDigits = (phone: string): string => normalizeChannelPhone(phone.includes('@') ? jidUser(phone) : phone);

/**
 * A user JID (PN or LID) to the digits we key contacts by. `alt` is the key's `…Alt` field
 * (the other addressing form); `lidToPhone` is consulted for LIDs without a PN alternative;
 * `self` (our own number, any form) discards an alternative that points at ourselves.
 */
export const resolveUserJid = (jid: string, alt: string | null | undefined, lidToPhone?: LidToPhone, self?: string): ResolvedUser => {
  const notSelf = (pn: string | null | undefined) => (pn && (!self || phoneDigits(pn) !== phoneDigits(self)) ? pn : undefined);
  if (isLid(jid)) {
    const lid = jidUser(jid);
    const pn = (alt && isPn(alt) ? notSelf(alt) : undefined) ?? notSelf(lidToPhone?.(jidNormalizedUser(jid)));
    return pn ? { digits: phoneDigits(pn), isLid: false, lid } : { digits: lid, isLid: true, lid };
  }
  const lid = alt && isLid(alt) ? jidUser(alt) : undefined;
  return { digits: phoneDigits(jid), isLid: false, ...(lid ? { lid } : {}) };
};

/** The PN JID for stored digits (as given: no 9th-digit change). */
export const toPnJid = (digits: string): string => `${onlyDigits(digits)}@s.whatsapp.net`;

/**
 * PN JIDs to ask `onWhatsApp` about before the first send to a number: the normalized form,
 * then the old 8-digit form of Brazilian mobiles (accounts that never migrated).
 */
export const pnJidCandidates = (digits: string): string[] => brazilianVariants(digits).map(toPnJid);
