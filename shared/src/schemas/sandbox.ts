import { z } from 'zod';
import { dbIdParam } from './common';

export const SandboxParams = z.object({ whatsappId: dbIdParam });

/** A simulated customer's message. A repeated `id` is a redelivery (the pipeline ignores it). */
export const SandboxInboundBody = z.object({
  from: z.string().trim().regex(/^\d{8,20}$/, 'digits only, 8-20'),
  name: z.string().trim().max(100).optional(),
  body: z.string().max(65_536).optional(),
  id: z.string().trim().min(1).max(128).optional(),
});
export type SandboxInboundBody = z.infer<typeof SandboxInboundBody>;

export const SandboxOutboxQuery = z.object({ to: z.string().trim().regex(/^\d{8,20}$/, 'digits only, 8-20') });

/** A media message as the simulated phone shows it. */
export interface SandboxOutboxMedia {
  mimetype: string;
  fileName?: string;
  caption?: string;
  /** Bytes. */
  size: number;
}

/** What kind of message the simulated phone shows (`ptt`: a voice note; `contacts`: several cards). */
export type SandboxOutboxKind = 'text' | 'image' | 'video' | 'document' | 'audio' | 'ptt' | 'location' | 'contact' | 'contacts';

/**
 * One message a simulated customer received from us. `body` follows the message table's rules
 * (text, caption, document file name, vcards, `image|link|description` for locations). Edits,
 * deletes and reactions change the message they target instead of adding one.
 */
export interface SandboxOutboxItem {
  id: string;
  to: string;
  body: string;
  ack: number;
  createdAt: string;
  kind: SandboxOutboxKind;
  media: SandboxOutboxMedia | null;
  /** The id of the message this one replies to. */
  quotedId: string | null;
  isForwarded: boolean;
  isEdited: boolean;
  /** Deleted for everyone (the body is kept so the simulator can show what it was). */
  isDeleted: boolean;
  /** Our reaction on this message ('' none). */
  reaction: string;
}

/** Our reaction on a message of the chat (ours or the customer's). */
export interface SandboxReaction {
  targetId: string;
  emoji: string;
}
