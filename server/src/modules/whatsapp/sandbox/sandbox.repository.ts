import { and, desc, eq } from 'drizzle-orm';
import type { SandboxSentItem } from '@balcao/shared';
import type { Tx } from '../../../db/client';
import { contacts } from '../../contacts/contacts.table';
import { messages } from '../../messages/messages.table';
import { tickets } from '../../tickets/tickets.table';
import { sandboxMediaOfRaw } from './sandbox.inbound';
import { sandboxReactions } from './sandbox.table';

/** The most a simulated phone shows of its own side (the latest ones). */
export const SENT_LIMIT = 500;

/**
 * What the simulated customer `number` sent on this connection, oldest first, read from the
 * messages the pipeline stored (every ticket of theirs): the phone needs no copy of its own.
 * A read-join on the messages module's tables for a DTO; the rows stay the messages module's.
 */
export const sentBy = async (tx: Tx, companyId: number, whatsappId: number, number: string): Promise<SandboxSentItem[]> => {
  const rows = await tx
    .select({
      id: messages.waMessageId,
      createdAt: messages.createdAt,
      mediaType: messages.mediaType,
      body: messages.body,
      raw: messages.raw,
      isEdited: messages.isEdited,
      isDeleted: messages.isDeleted,
      reaction: sandboxReactions.emoji,
    })
    .from(contacts)
    .innerJoin(tickets, and(eq(tickets.companyId, contacts.companyId), eq(tickets.contactId, contacts.id)))
    .innerJoin(messages, and(eq(messages.companyId, tickets.companyId), eq(messages.ticketId, tickets.id)))
    .leftJoin(
      sandboxReactions,
      and(eq(sandboxReactions.companyId, messages.companyId), eq(sandboxReactions.whatsappId, messages.whatsappId), eq(sandboxReactions.targetWaMessageId, messages.waMessageId)),
    )
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number), eq(messages.whatsappId, whatsappId), eq(messages.fromMe, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(SENT_LIMIT);
  return rows.reverse().map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    kind: r.mediaType ?? 'text',
    body: r.body,
    media: sandboxMediaOfRaw(r.raw),
    reaction: r.reaction ?? '',
    isEdited: r.isEdited,
    isDeleted: r.isDeleted,
  }));
};
