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
