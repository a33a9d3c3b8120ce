import { randomBytes } from 'node:crypto';
import type { Unit } from '../../db/tenant';
import { lastMessagePreview } from '@balcao/shared';
import type { Jobs } from '../../infra/jobs';
import { LANGUAGE_SETTING, textsOf } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { ticketsQueries, type TicketRow } from '../tickets';
import * as repo from './messages.repository';

/** Our own message ids, upper-case hex like WhatsApp's, prefixed so they are recognisable. */
export const newWaMessageId = (): string => `BAL${randomBytes(10).toString('hex').toUpperCase()}`;

/**
 * Writes an outgoing message (ack 0) and its send job in the caller's transaction, so a crash
 * can neither lose the message nor send one that was never stored (server-behaviour §7).
 */
export const queueOutbound = async (
  unit: Unit,
  jobs: Jobs,
  ticket: TicketRow,
  body: string,
  opts: {
    userId?: number | null;
    automated?: boolean;
    quotedMsgId?: number | null;
    /** A stored file (`MediaStore.save` name) sent as `type` (image, video, audio, ptt, document); `body` is its caption. */
    media?: { type: string; name: string } | null;
    /** Re-sent content (a forward): the customer's phone marks it forwarded. */
    forwarded?: boolean;
    /**
     * The caller stages the ticket's update itself, after everything it changed (a transition
     * that greets): the lists then get one ticket update, not one per step.
     */
    ticketAnnounced?: boolean;
    /** "Composing" for this long before the send (a Typebot's delay between messages; decision 0198). */
    composeMs?: number;
    /** The sending device's id for it (unique per company; the caller checked it is new). */
    clientId?: string;
  } = {},
): Promise<repo.MessageRow> => {
  const row = await repo.insert(unit.tx, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    waMessageId: newWaMessageId(),
    userId: opts.userId ?? null,
    body,
    fromMe: true,
    ack: 0,
    read: true,
    automated: opts.automated ?? false,
    quotedMsgId: opts.quotedMsgId ?? null,
    mediaType: opts.media?.type ?? null,
    mediaUrl: opts.media?.name ?? null,
    isForwarded: opts.forwarded ?? false,
    clientId: opts.clientId ?? null,
  });
  // The list names a media message's kind ('📷 Imagem', a document's name), never blank.
  const preview = opts.media
    ? lastMessagePreview(opts.media.type, body, textsOf(await companiesQueries.getSetting(unit.tx, ticket.companyId, LANGUAGE_SETTING)).kinds, opts.media.name)
    : body;
  await ticketsQueries.touchAfterSend(unit.tx, ticket.companyId, ticket.id, preview);
  await jobs.enqueue(unit.tx, 'message.send', { companyId: ticket.companyId, messageId: row.id, ...(opts.composeMs && opts.composeMs > 0 ? { composeMs: opts.composeMs } : {}) });
  const ticketDto = (await ticketsQueries.loadDto(unit.tx, ticket.companyId, ticket.id))!;
  const [dto] = await repo.withQuoted(unit.tx, ticket.companyId, [row]);
  unit.stage({ type: 'message.created', companyId: ticket.companyId, message: dto!, ticket: ticketDto });
  if (!opts.ticketAnnounced) unit.stage({ type: 'ticket.updated', companyId: ticket.companyId, ticket: ticketDto });
  return row;
};
