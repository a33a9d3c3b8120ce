import type { SandboxInboundBody, SandboxInboundKind, SandboxOutboxItem, SandboxOutboxKind, SandboxSentItem } from '@balcao/shared';
import { parseLocationBody, parseVcard } from '../messages';

/**
 * The largest file the simulator sends. Its base64 (4/3 of the bytes, ~956,000 characters) must
 * stay under the schema's 1,000,000 characters and, with the caption, under the server's 1 MiB body.
 */
export const MAX_FILE_BYTES = 700 * 1024;

/** What the simulated customer sends, less who sends it. */
export type SimOutgoing = Omit<SandboxInboundBody, 'from' | 'name' | 'id'>;

export type FileSendKind = Extract<SandboxInboundKind, 'image' | 'video' | 'audio' | 'document'>;

/** The message kind a chosen file travels as: pictures, videos and audio by their MIME type, anything else a document. */
export const kindFromMime = (mimetype: string): FileSendKind => {
  const type = mimetype.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'document';
};

/** FileReader's `data:<mime>;base64,<data>` less its prefix ('' for an empty file, whose URL has no data). */
export const base64FromDataUrl = (dataUrl: string): string => {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? '' : dataUrl.slice(comma + 1);
};

export const isTooBig = (bytes: number): boolean => bytes > MAX_FILE_BYTES;

/** The decoded size of a base64 string. */
export const base64Bytes = (data: string): number => {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
};

/** '512 B', '12 KB', '1.4 MB': enough to tell files apart on the simulated phone. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};

/** 0:07, 1:23: how long a voice note has been recording. */
export const formatDuration = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export const mapsLink = (latitude: number, longitude: number): string => `https://www.google.com/maps?q=${latitude},${longitude}`;

/** A file message to send: its kind from the MIME type (browsers give '' for unknown types), the text as caption. */
export const fileMessage = (file: { name: string; type: string }, data: string, caption: string): SimOutgoing => {
  const mimetype = file.type || 'application/octet-stream';
  const body = caption.trim();
  return { kind: kindFromMime(mimetype), media: { data, mimetype, fileName: file.name || undefined }, ...(body ? { body } : {}) };
};

export const VALID_NUMBER = /^\d{8,20}$/;

/** Sample coordinates for the location form (Brasília). */
export const DEFAULT_LOCATION = { latitude: -15.7939, longitude: -47.8828, description: 'Loja Centro' } as const;

export const isLatitude = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v >= -90 && v <= 90;
export const isLongitude = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v >= -180 && v <= 180;

/** One kind of bubble for both directions, so the chat draws what was sent and what was received alike. */
export type SimKind = SandboxInboundKind | SandboxOutboxKind;

/** What one bubble of the simulated phone shows. */
export interface SimView {
  kind: SimKind;
  /** The text, a caption or a location's description. */
  text: string;
  file: { name: string; mimetype: string; size: number } | null;
  location: { link: string | null } | null;
  contacts: { name: string; number: string }[];
}

const FILE_KINDS: readonly SimKind[] = ['image', 'video', 'audio', 'ptt', 'document', 'sticker'];
/** Kinds whose body is a file's label, not a caption the customer reads. */
const NO_CAPTION: readonly SimKind[] = ['audio', 'ptt', 'sticker'];

const empty = (kind: SimKind, text: string): SimView => ({ kind, text, file: null, location: null, contacts: [] });

/** A message the customer received: the body follows the message table's rules (see SandboxOutboxItem). */
export const viewOfOutbox = (item: Pick<SandboxOutboxItem, 'kind' | 'body' | 'media'>): SimView => {
  const { kind, body, media } = item;
  if (kind === 'location') {
    const { link, description } = parseLocationBody(body);
    return { ...empty(kind, description), location: { link } };
  }
  if (kind === 'contact' || kind === 'contacts') {
    const contacts = parseVcard(body).map((c) => ({ name: c.name, number: c.phones[0]?.waid ?? c.phones[0]?.display ?? '' }));
    return { ...empty(kind, ''), contacts };
  }
  if (!FILE_KINDS.includes(kind)) return empty(kind, body);
  const name = media?.fileName ?? (kind === 'document' ? body : '');
  const file = media ? { name, mimetype: media.mimetype, size: media.size } : null;
  // A document's body is its file name unless it carries a caption.
  const caption = media?.caption ?? (NO_CAPTION.includes(kind) || (kind === 'document' && body === name) ? '' : body);
  return { ...empty(kind, caption), file };
};

/** A message the customer sent, as the simulator keeps it (without the file's bytes). */
export const viewOfSent = (m: SimOutgoing): SimView => {
  const kind = m.kind ?? 'text';
  if (kind === 'location' && m.latitude !== undefined && m.longitude !== undefined)
    return { ...empty(kind, m.body ?? ''), location: { link: mapsLink(m.latitude, m.longitude) } };
  if (kind === 'contact' && m.contact) return { ...empty(kind, ''), contacts: [{ ...m.contact }] };
  const file = m.media ? { name: m.media.fileName ?? '', mimetype: m.media.mimetype, size: base64Bytes(m.media.data) } : null;
  return { ...empty(kind, m.body ?? ''), file };
};

/** One message on the simulated phone, as the chat shows it. */
export interface SimLine {
  id: string;
  direction: 'sent' | 'received';
  createdAt: string;
  view: SimView;
  ack?: number;
  /** The id of the message this one replies to. */
  quotedId?: string | null;
  isForwarded?: boolean;
  isEdited?: boolean;
  isDeleted?: boolean;
  /** The business's reaction on this message ('' none). */
  reaction?: string;
}

const SIM_KINDS: readonly string[] = ['text', 'image', 'video', 'audio', 'ptt', 'document', 'sticker', 'location', 'contact', 'contacts'];

/** A stored message's kind as a bubble kind: kinds the phone has no bubble for show as text. */
export const simKindOf = (kind: string): SimKind => (SIM_KINDS.includes(kind) ? (kind as SimKind) : 'text');

/** A message the customer sent, as the server keeps it: the same body rules as what they receive. */
export const lineOfSent = (item: SandboxSentItem): SimLine => ({
  id: item.id,
  direction: 'sent',
  createdAt: item.createdAt,
  view: viewOfOutbox({ kind: simKindOf(item.kind) as SandboxOutboxKind, body: item.body, media: item.media }),
  isEdited: item.isEdited,
  isDeleted: item.isDeleted,
  reaction: item.reaction,
});

/** A message the customer received. */
export const lineOfOutbox = (o: SandboxOutboxItem): SimLine => ({
  id: o.id,
  direction: 'received',
  createdAt: o.createdAt,
  view: viewOfOutbox(o),
  ack: o.ack,
  quotedId: o.quotedId,
  isForwarded: o.isForwarded,
  isEdited: o.isEdited,
  isDeleted: o.isDeleted,
  reaction: o.reaction,
});

/**
 * The whole chat, oldest first: what the server keeps of both sides, plus what this page just
 * sent and the server does not list yet (the same id from the server replaces it).
 */
export const chatLines = (sent: SimLine[], received: SimLine[], pending: SimLine[]): SimLine[] => {
  const known = new Set(sent.map((l) => l.id));
  const all = [...sent, ...pending.filter((l) => !known.has(l.id)), ...received];
  return all.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
};
