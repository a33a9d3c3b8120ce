import { z } from 'zod';
import { dbIdParam } from './common';

export const SandboxParams = z.object({ whatsappId: dbIdParam });

/** What a simulated customer can send (text unless told otherwise). */
export const SandboxInboundKind = z.enum(['text', 'image', 'video', 'audio', 'ptt', 'document', 'sticker', 'location', 'contact']);
export type SandboxInboundKind = z.infer<typeof SandboxInboundKind>;

const SANDBOX_MEDIA_KINDS: readonly SandboxInboundKind[] = ['image', 'video', 'audio', 'ptt', 'document', 'sticker'];

/**
 * A simulated customer's message. A repeated `id` is a redelivery (the pipeline ignores it).
 * `body` is the text, a media caption or a location's description. Media kinds need `media`
 * (base64, within the request size limit), `location` needs latitude and longitude, `contact`
 * needs the card.
 */
export const SandboxInboundBody = z
  .object({
    from: z.string().trim().regex(/^\d{8,20}$/, 'digits only, 8-20'),
    name: z.string().trim().max(100).optional(),
    body: z.string().max(65_536).optional(),
    id: z.string().trim().min(1).max(128).optional(),
    kind: SandboxInboundKind.optional(),
    media: z
      .object({
        data: z.string().max(1_000_000).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
        mimetype: z.string().trim().max(100).regex(/^[\w.+-]+\/[\w.+-]+(;.*)?$/, 'a MIME type'),
        fileName: z.string().trim().min(1).max(255).optional(),
      })
      .optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    contact: z.object({ name: z.string().trim().min(1).max(100), number: z.string().trim().regex(/^\d{8,20}$/, 'digits only, 8-20') }).optional(),
  })
  .superRefine((v, ctx) => {
    const kind = v.kind ?? 'text';
    if (SANDBOX_MEDIA_KINDS.includes(kind) && !v.media) ctx.addIssue({ code: 'custom', path: ['media'], message: `required for ${kind}` });
    if (kind === 'location' && (v.latitude === undefined || v.longitude === undefined)) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'latitude and longitude required for location' });
    if (kind === 'contact' && !v.contact) ctx.addIssue({ code: 'custom', path: ['contact'], message: 'required for contact' });
  });
export type SandboxInboundBody = z.infer<typeof SandboxInboundBody>;

export const SandboxOutboxQuery = z.object({ to: z.string().trim().regex(/^\d{8,20}$/, 'digits only, 8-20') });

/** A media message as the simulated phone shows it. */
export const SandboxOutboxMedia = z.object({
  mimetype: z.string(),
  fileName: z.string().optional(),
  caption: z.string().optional(),
  /** Bytes. */
  size: z.number(),
});
export type SandboxOutboxMedia = z.infer<typeof SandboxOutboxMedia>;

/** What kind of message the simulated phone shows (`ptt`: a voice note; `contacts`: several cards). */
export const SandboxOutboxKind = z.enum(['text', 'image', 'video', 'document', 'audio', 'ptt', 'location', 'contact', 'contacts']);
export type SandboxOutboxKind = z.infer<typeof SandboxOutboxKind>;

/**
 * One message a simulated customer received from us. `body` follows the message table's rules
 * (text, caption, document file name, vcards, `image|link|description` for locations). Edits,
 * deletes and reactions change the message they target instead of adding one.
 */
export const SandboxOutboxItem = z.object({
  id: z.string(),
  to: z.string(),
  body: z.string(),
  ack: z.number(),
  createdAt: z.string(),
  kind: SandboxOutboxKind,
  media: SandboxOutboxMedia.nullable(),
  /** The id of the message this one replies to. */
  quotedId: z.string().nullable(),
  isForwarded: z.boolean(),
  isEdited: z.boolean(),
  /** Deleted for everyone (the body is kept so the simulator can show what it was). */
  isDeleted: z.boolean(),
  /** Our reaction on this message ('' none). */
  reaction: z.string(),
});
export type SandboxOutboxItem = z.infer<typeof SandboxOutboxItem>;

/** POST /sandbox/connections/:whatsappId/inbound: the simulated message's id. */
export const SandboxInboundResponse = z.object({ id: z.string() });

/** Our reaction on a message of the chat (ours or the customer's). */
export interface SandboxReaction {
  targetId: string;
  emoji: string;
}

/**
 * One message the simulated customer sent (as the `messages` table keeps it), so the simulated
 * phone shows its own side after a reload. `kind` is the stored media type (text when none);
 * `media` is what the phone sent (null for texts, or when it is not known).
 */
export const SandboxSentItem = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.string(),
  body: z.string(),
  media: SandboxOutboxMedia.nullable(),
  /** Our reaction on this message, as the phone received it ('' none). */
  reaction: z.string(),
  isEdited: z.boolean(),
  isDeleted: z.boolean(),
});
export type SandboxSentItem = z.infer<typeof SandboxSentItem>;

/** What the simulated customer's phone tells us: typing, recording a voice note, or stopped. */
export const SandboxPresenceBody = z.object({
  from: z.string().trim().regex(/^\d{8,20}$/, 'digits only, 8-20'),
  presence: z.enum(['composing', 'recording', 'paused']),
});
export type SandboxPresenceBody = z.infer<typeof SandboxPresenceBody>;
