import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messages } from './messages.table';

/** One message as a responder's history reads it (oldest first). */
export interface HistoryMessage {
  fromMe: boolean;
  body: string;
  mediaType: string | null;
}

/**
 * The LATEST `limit` messages of a ticket (not deleted), returned oldest first: what an AI
 * prompt sends as history (server-behaviour §6). Read through the `messages_ticket_created` index.
 */
export const latestOfTicket = async (tx: Tx, companyId: number, ticketId: number, limit: number): Promise<HistoryMessage[]> => {
  const rows = await tx
    .select({ fromMe: messages.fromMe, body: messages.body, mediaType: messages.mediaType })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.companyId, companyId), eq(messages.isDeleted, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(Math.max(0, Math.min(limit, 100)));
  return rows.reverse();
};

/** What the copilot's jobs read of one message (issue 32 §4–5): its ticket, text and media. */
export interface MessageFacts {
  id: number;
  ticketId: number;
  fromMe: boolean;
  body: string;
  mediaType: string | null;
  /** The stored file's name (the media store's), null until downloaded. */
  mediaUrl: string | null;
  isDeleted: boolean;
}

export const messageFacts = async (tx: Tx, companyId: number, messageId: number): Promise<MessageFacts | undefined> =>
  (
    await tx
      .select({ id: messages.id, ticketId: messages.ticketId, fromMe: messages.fromMe, body: messages.body, mediaType: messages.mediaType, mediaUrl: messages.mediaUrl, isDeleted: messages.isDeleted })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
      .limit(1)
  )[0];
