import { z } from 'zod';
import { pageNumber, dbId, dbIdParam } from './common';
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

/** `quotedMsg` may be the whole quoted message (as the spec's client sends) or its id. */
export const SendMessageBody = z.object({
  body: z.string().max(65_536).refine((s) => s.trim().length > 0, { message: 'empty message' }),
  read: z.boolean().optional(),
  fromMe: z.boolean().optional(),
  mediaUrl: z.string().max(2048).optional(),
  quotedMsg: z
    .union([z.object({ id: dbId }).passthrough(), dbId])
    .nullable()
    .optional(),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;
