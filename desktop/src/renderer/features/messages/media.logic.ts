import { FILE_MEDIA_TYPES, isFileMediaType, type FileMediaType, type MessageDto } from '@balcao/shared';

/** Kinds whose bytes live on the server (`GET /messages/:id/media`): shared media-kinds.ts. */
export const FILE_KINDS = FILE_MEDIA_TYPES;
export type FileKind = FileMediaType;

export const isFileKind = (kind: string | null): kind is FileKind => isFileMediaType(kind);

/** Kinds whose body is not text to show: it is empty, the file's label, or data drawn as a card. */
const NO_CAPTION = new Set(['sticker', 'audio', 'ptt', 'document', 'location', 'liveLocation', 'contact', 'contacts']);

/** The text under the media: captions of images and videos, polls, button and list replies, plain text. */
export const captionOf = (m: Pick<MessageDto, 'mediaType' | 'body'>): string =>
  m.mediaType && NO_CAPTION.has(m.mediaType) ? '' : m.body;

/** The stored name less its random prefix: what the server names the file when it sends it. */
export const storedFileName = (mediaUrl: string): string => mediaUrl.replace(/^[0-9a-f]{24}-/, '');

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * A document's body is the sender's file name unless it carries a caption. The original name
 * (accents and spaces kept) is nicer, so it wins when it has the stored file's extension.
 */
export const downloadNameOf = (body: string, mediaUrl: string): string => {
  const stored = storedFileName(mediaUrl);
  const original = body.trim();
  if (original && !/[\\/\n]/.test(original) && extensionOf(original) !== '' && extensionOf(original) === extensionOf(stored)) return original;
  return stored;
};

export interface LocationParts {
  /** A `data:image/…;base64` thumbnail, or null. */
  image: string | null;
  /** An http(s) maps link, or null. */
  link: string | null;
  description: string;
}

const THUMBNAIL = /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/;

/** attendance §3: `image|link|description`; anything that is not a thumbnail or a web link is dropped. */
export const parseLocationBody = (body: string): LocationParts => {
  const [image = '', link = '', ...rest] = body.split('|');
  return {
    image: THUMBNAIL.test(image) ? image : null,
    link: /^https?:\/\//i.test(link.trim()) ? link.trim() : null,
    description: rest.join('|').trim(),
  };
};

export interface VcardContact {
  name: string;
  /** Each number as the card writes it, with its WhatsApp id (digits) when the card has one. */
  phones: { display: string; waid: string | null }[];
}

const unescapeText = (value: string): string => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** Continuation lines start with a space or tab (RFC 6350 §3.2). */
const unfold = (text: string): string[] => text.replace(/\r\n?/g, '\n').replace(/\n[ \t]/g, '').split('\n');

const parseCard = (lines: string[]): VcardContact => {
  let fn = '';
  let n = '';
  const phones: VcardContact['phones'] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const [prop = '', ...params] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const name = prop.replace(/^item\d+\./i, '').toUpperCase();
    if (name === 'FN') fn = unescapeText(value).trim();
    else if (name === 'N') n = value.split(';').slice(0, 2).reverse().map(unescapeText).join(' ').trim();
    else if (name === 'TEL') {
      const waid = params.map((p) => /^waid=(\d+)$/i.exec(p)?.[1]).find(Boolean) ?? null;
      phones.push({ display: value.trim(), waid });
    }
  }
  return { name: fn || n, phones };
};

/** One contact per BEGIN:VCARD … END:VCARD block (a `contacts` body joins several with '\n'). */
export const parseVcard = (body: string): VcardContact[] => {
  const cards: VcardContact[] = [];
  let current: string[] | null = null;
  for (const line of unfold(body)) {
    const upper = line.trim().toUpperCase();
    if (upper === 'BEGIN:VCARD') current = [];
    else if (upper === 'END:VCARD' && current) {
      cards.push(parseCard(current));
      current = null;
    } else current?.push(line);
  }
  return cards;
};

const LABELS = {
  image: 'media.image',
  sticker: 'media.sticker',
  video: 'media.video',
  audio: 'media.audio',
  ptt: 'media.voiceNote',
  location: 'media.location',
  liveLocation: 'media.liveLocation',
  contact: 'media.contact',
  contacts: 'media.contact',
} as const;
export type MediaLabelKey = (typeof LABELS)[keyof typeof LABELS];

/** One line for a notification: the text or caption, a document's name, else the kind's label. */
export const previewOf = (m: Pick<MessageDto, 'mediaType' | 'body'>, label: (key: MediaLabelKey) => string): string => {
  const text = captionOf(m) || (m.mediaType === 'document' ? m.body : '');
  if (text) return text;
  const key = m.mediaType ? LABELS[m.mediaType as keyof typeof LABELS] : undefined;
  return key ? label(key) : '';
};

/** A file size as people read it: 812 B, 14 KB, 3.2 MB. */
export const formatBytes = (bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
};

/** A duration in seconds as m:ss (h:mm:ss past an hour); '' when unknown. */
export const formatDuration = (seconds: number): string => {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
};
