import { z } from 'zod';
import { pageNumber, dbId, dbIdParam, looseBool } from './common';
import { MessageDto, TicketDto } from './dtos';

export const TicketIdParam = z.object({ ticketId: dbIdParam });

export const ListMessagesQuery = z.object({ pageNumber });

export const ListMessagesResponse = z.object({
  messages: z.array(MessageDto),
  ticket: TicketDto,
  count: z.number(),
  hasMore: z.boolean(),
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
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;
