import { z } from 'zod';
import { pageNumber, dbId, dbIdParam, looseBool } from './common';
import { MessageDto, TicketDto } from './dtos';
import { CustomerWindow, SendTemplateBody } from './whatsapp-templates';

export const TicketIdParam = z.object({ ticketId: dbIdParam });

export const ListMessagesQuery = z.object({ pageNumber });

/** A ticket whose messages are on the page: the marker between tickets shows when each started and closed. */
export const PageTicket = z.object({ id: z.number(), createdAt: z.string(), closedAt: z.string().nullable() });
export type PageTicket = z.infer<typeof PageTicket>;

export const ListMessagesResponse = z.object({
  messages: z.array(MessageDto),
  ticket: TicketDto,
  count: z.number(),
  hasMore: z.boolean(),
  /** The tickets of the page's messages, oldest first (optional so older clients still type). */
  tickets: z.array(PageTicket).optional(),
  /** A Cloud API connection's ticket only: the customer-service window (decision 0391); the composer offers templates when closed. */
  window: CustomerWindow.optional(),
});
export type ListMessagesResponse = z.infer<typeof ListMessagesResponse>;

/**
 * POST /messages/:ticketId, JSON exactly as the spec's client sends it (decision 0037):
 * `{ read: 1, fromMe: true, mediaUrl: "", body: "*Ana:*\nOlá", quotedMsg: <the whole message> | null }`.
 * - `read`/`fromMe`: booleans, 1/0 or "true"/"false" (looseBool); both are informational (a
 *   message an agent sends is always fromMe and reads the ticket).
 * - `mediaUrl: ""` means none (read as absent); media is sent as multipart, never by URL here.
 * - `body` is stored and sent as given: the client signs it (`*Name:*\n…`) when its switch is on;
 *   the server never signs, so a signed body is never signed twice.
 * - `quotedMsg`: the whole quoted message (only its `id` is read) or its id.
 */
export const SendMessageBody = z.object({
  body: z.string().max(65_536).refine((s) => s.trim().length > 0, { message: 'empty message' }),
  read: looseBool.optional(),
  fromMe: looseBool.optional(),
  mediaUrl: z
    .string()
    .max(2048)
    .optional()
    .transform((v) => v || undefined),
  quotedMsg: z
    .union([z.object({ id: dbId }).passthrough(), dbId])
    .nullable()
    .optional(),
  /**
   * The device's own id for this message (a uuid; the desktop outbox). A retry with the same id
   * answers the message already stored and sends nothing again (decision 0307).
   */
  clientId: z.uuid().optional(),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

export const MessageIdParam = z.object({ messageId: dbIdParam });

const messageText = z.string().max(65_536).refine((s) => s.trim().length > 0, { message: 'empty message' });

/**
 * POST /messages/:ticketId as multipart/form-data (attendance §7): `medias` (one or several
 * files; the server reads them, this schema sees their count), `body` the caption (on the first
 * file), `fromMe`/`read` informational, `quotedMsg` the quoted message's id (or the whole
 * message as JSON text), `voice` "true"/"1" for a recorded voice note. One message per file.
 */
export const SendMediaFields = z.object({
  medias: z.number().int().min(1),
  body: z.string().max(65_536).optional().default(''),
  read: looseBool.optional(),
  fromMe: looseBool.optional(),
  voice: looseBool.optional(),
  quotedMsg: z
    .union([
      z.literal('').transform(() => null),
      z.literal('null').transform(() => null),
      dbIdParam,
      z
        .string()
        .max(200_000)
        .transform((s, ctx) => {
          try {
            const id = (JSON.parse(s) as { id?: unknown } | null)?.id;
            if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
          } catch {
            // not JSON: reported below
          }
          ctx.addIssue({ code: 'custom', message: 'quotedMsg must be a message id' });
          return z.NEVER;
        }),
    ])
    .nullable()
    .optional(),
});
export type SendMediaFields = z.infer<typeof SendMediaFields>;

/** The route's body: multipart fields (with `medias`), a template (Cloud API connections; decision 0390) or the JSON send. */
export const SendMessageOrMediaBody = z.union([SendMediaFields, SendTemplateBody, SendMessageBody]);
export type SendMessageOrMediaBody = z.infer<typeof SendMessageOrMediaBody>;

/** Multipart answers the created messages in file order; JSON answers the one message. */
export const SendMessageResponse = z.union([MessageDto, z.array(MessageDto)]);

/**
 * POST /messages/edit/:messageId: the new text. The spec's client sends the whole send body
 * (`read`, `fromMe`, `mediaUrl`, `quotedMsg`): accepted and ignored.
 */
export const EditMessageBody = z.object({
  body: messageText,
  read: looseBool.optional(),
  fromMe: looseBool.optional(),
  mediaUrl: z.string().max(2048).nullable().optional(),
  quotedMsg: z.unknown().optional(),
});
export type EditMessageBody = z.infer<typeof EditMessageBody>;

/** POST /message/forward: one message to one contact; `signMessage` prefixes `*<agent>:*` once. */
export const ForwardMessageBody = z.object({
  messageId: dbId,
  contactId: dbId,
  signMessage: looseBool.optional().default(false),
});
export type ForwardMessageBody = z.infer<typeof ForwardMessageBody>;

/** POST /messages/:id/reactions: our reaction (one emoji; '' removes it). */
export const ReactionBody = z.object({
  type: z
    .string()
    .max(32)
    .refine((s) => s === '' || (!/\s/.test(s) && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(s)), { message: 'not an emoji' }),
});
export type ReactionBody = z.infer<typeof ReactionBody>;
