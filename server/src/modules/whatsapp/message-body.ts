/**
 * The shown text of message kinds that have no text of their own, as the message table stores
 * it (`baileys/normalized.ts` NormalizedMessage.body): contact cards as vcards, locations as
 * `image|link|description`. Adapter-neutral, so the sandbox shows what Baileys sends.
 */
import { onlyDigits } from '@balcao/shared';
import type { ContactCard } from './channel-content';

/** vCard 3.0 text value escaping (RFC 2426 §4). */
const escapeVcard = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');

/** The vcard WhatsApp shows as a contact card with "Message"/"Add" buttons (`waid` = the WhatsApp number). */
export const toVcard = (card: ContactCard): string => {
  const digits = onlyDigits(card.number);
  return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${escapeVcard(card.name)}`, `TEL;type=CELL;type=VOICE;waid=${digits}:+${digits}`, 'END:VCARD'].join('\n');
};

/** Several cards: one vcard each, joined by '\n' (the `contacts` body). */
export const contactsBody = (cards: ContactCard[]): string => cards.map(toVcard).join('\n');

export const mapsLink = (latitude: number, longitude: number) => `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`;

/**
 * attendance §3: image (a `data:` thumbnail, or ''), link and, when any, the description (name
 * and address on two lines) joined with '|'; a '|' inside the description becomes '/'.
 */
export const locationBody = (image: string, latitude: number, longitude: number, description: string): string => {
  const parts = [image, mapsLink(latitude, longitude)];
  const text = description.replace(/\|/g, '/').trim();
  if (text) parts.push(text);
  return parts.join('|');
};

/** Name and address on two lines (either may be missing). */
export const locationDescription = (name: string | undefined, address: string | undefined): string => [name, address].filter((s) => s?.trim()).join('\n');

/**
 * A voice note plays as one (push-to-talk) only when it is ogg/opus; anything else (the app's
 * mp3 when ffmpeg is missing) goes as a plain audio (server-behaviour §7).
 */
export const playsAsVoiceNote = (mimetype: string): boolean => /^audio\/ogg\b/i.test(mimetype) || /opus/i.test(mimetype);
