/**
 * A message's kind (what the channel delivered) → its `media_type` column and DTO field, in
 * one place for the inbound pipeline, the channel adapters, the media route and the renderer
 * (attendance §3: null for plain and link texts, else the kind).
 */

/** Kinds whose bytes the server keeps (`GET /messages/:id/media`); the renderer fetches these. */
export const FILE_MEDIA_TYPES = ['image', 'sticker', 'video', 'audio', 'ptt', 'document'] as const;
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[number];

/** Kinds stored as plain text: no media type. */
const TEXT_KINDS: ReadonlySet<string> = new Set(['text', 'extendedText']);

/** The stored media type of a message of this kind: null for texts, else the kind itself. */
export const mediaTypeOfKind = (kind: string): string | null => (TEXT_KINDS.has(kind) ? null : kind);

export const isFileMediaType = (mediaType: string | null | undefined): mediaType is FileMediaType =>
  (FILE_MEDIA_TYPES as readonly (string | null | undefined)[]).includes(mediaType);

/** The words a list preview names kinds with, in the reader's language (the server's `infra/texts.ts`). */
export interface KindLabels {
  image: string;
  video: string;
  audio: string;
  sticker: string;
  location: string;
  document: string;
  contact(name: string): string;
  poll: string;
  /** Anything else with no text of its own. */
  other: string;
}

/** vCard text values are escaped (RFC 2426 §4): `\,` `\;` `\n` `\\`. */
const unescapeVcard = (s: string) => s.replace(/\\n/gi, ' ').replace(/\\([,;\\])/g, '$1');

/** The FN (formatted name) of each vcard in a contact message's body, in order; none when it is not a vcard. */
export const vcardNames = (body: string): string[] =>
  [...body.matchAll(/^FN(?:;[^:\n]*)?:(.*)$/gim)].map((m) => unescapeVcard(m[1]!.trim())).filter((n) => n.length > 0);

/** A document's name as stored (`<24 hex>-name.ext`) or as given, without the store's prefix. */
const shownFileName = (name: string | null | undefined) => (name ?? '').replace(/^[0-9a-f]{24}-/, '').trim();

/**
 * What the ticket list shows as a ticket's last message (issue 9 item 6): texts as they are;
 * media and other kinds named ('📷 Imagem', '🎤 Áudio', 'Contato: Ana', 'Localização', a
 * document's file name…), a caption after the kind's emoji — never a raw vCard, never blank.
 */
export const lastMessagePreview = (mediaType: string | null | undefined, body: string, labels: KindLabels, fileName?: string | null): string => {
  const text = body.trim();
  const emojiCaption = (label: string) => (text ? `${label.split(' ')[0]} ${text}` : label);
  switch (mediaType ?? null) {
    case null:
      return text || labels.other;
    case 'image':
      return emojiCaption(labels.image);
    case 'video':
      return emojiCaption(labels.video);
    case 'audio':
    case 'ptt':
    case 'voice':
      return labels.audio;
    case 'sticker':
      return labels.sticker;
    case 'location':
    case 'liveLocation':
      return labels.location;
    case 'contact':
    case 'contacts':
    case 'contactMessage': {
      const names = vcardNames(body);
      return labels.contact(names.length ? names.join(', ') : '');
    }
    case 'document':
      return shownFileName(fileName) || text || labels.document;
    case 'poll':
      return text ? `📊 ${text}` : labels.poll;
    default:
      return text && !/^BEGIN:VCARD/i.test(text) ? text : labels.other;
  }
};
