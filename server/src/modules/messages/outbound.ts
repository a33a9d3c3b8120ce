import { randomBytes } from 'node:crypto';
import type { Unit } from '../../db/tenant';
import { lastMessagePreview } from '@balcao/shared';
import type { Jobs } from '../../infra/jobs';
import { LANGUAGE_SETTING, textsOf } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { ticketsQueries, type TicketRow } from '../tickets';
import * as repo from './messages.repository';
import type { ListContent, TemplateContent } from '../whatsapp';

/** Our own message ids, upper-case hex like WhatsApp's, prefixed so they are recognisable. */
export const newWaMessageId = (): string => `BAL${randomBytes(10).toString('hex').toUpperCase()}`;

/** How an outgoing message is written and sent (`queueOutbound`, `queueOutboundMany`). */
export interface OutboundOptions {
  userId?: number | null;
  automated?: boolean;
  quotedMsgId?: number | null;
  /** A stored file (`MediaStore.save` name) sent as `type` (image, video, audio, ptt, document); `body` is its caption; `size` in bytes when known. */
  media?: { type: string; name: string; size?: number } | null;
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
  /** The connection that carries it when not the ticket's own: the Cloud fallback while the ticket's session is down (decision 0412). */
  carrierId?: number;
  /** Nobody waits for it right now (a timer's notice): its send may rest after it (decision 0316). */
  background?: boolean;
  /** Not sent before then: the slot the number's gate gave an external API send (issue 28 §2). */
  sendAt?: Date;
  /** A Cloud API template (decision 0390): what the channel sends, kept in the row's `raw` until the send replaces it with the channel's copy; `body` is its rendered text. */
  template?: TemplateContent;
  /** A Cloud API interactive list (decision 0430), kept in `raw` like a template; `body` is its text. */
  list?: ListContent;
}

/** The stored row of one outgoing message (ack 0, read, our own pre-generated WhatsApp id). */
const outgoingRow = (ticket: TicketRow, body: string, opts: OutboundOptions): repo.OutgoingRow => ({
  ticketId: ticket.id,
  contactId: ticket.contactId,
  whatsappId: opts.carrierId ?? ticket.whatsappId,
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
  mediaSize: opts.media?.size ?? null,
  isForwarded: opts.forwarded ?? false,
  clientId: opts.clientId ?? null,
});

/** Its `message.send` job. */
const sendJob = (companyId: number, messageId: number, opts: OutboundOptions) => ({
  companyId,
  messageId,
  ...(opts.composeMs && opts.composeMs > 0 ? { composeMs: opts.composeMs } : {}),
  ...(opts.background ? { background: true } : {}),
});

/**
 * Writes an outgoing message (ack 0) and its send job in the caller's transaction, so a crash
 * can neither lose the message nor send one that was never stored (server-behaviour §7).
 */
export const queueOutbound = async (unit: Unit, jobs: Jobs, ticket: TicketRow, body: string, opts: OutboundOptions = {}): Promise<repo.MessageRow> => {
  const row = await repo.insert(unit.tx, { companyId: ticket.companyId, ...outgoingRow(ticket, body, opts), ...(opts.template ? { raw: { template: opts.template } } : opts.list ? { raw: { list: opts.list } } : {}) });
  // The list names a media message's kind ('📷 Imagem', a document's name), never blank.
  const preview = opts.media
    ? lastMessagePreview(opts.media.type, body, textsOf(await companiesQueries.getSetting(unit.tx, ticket.companyId, LANGUAGE_SETTING)).kinds, opts.media.name)
    : body;
  await ticketsQueries.touchAfterSend(unit.tx, ticket.companyId, ticket.id, preview);
  await jobs.enqueue(unit.tx, 'message.send', sendJob(ticket.companyId, row.id, opts), opts.sendAt ? { startAt: opts.sendAt } : {});
  const ticketDto = (await ticketsQueries.loadDto(unit.tx, ticket.companyId, ticket.id))!;
  const [dto] = await repo.withQuoted(unit.tx, ticket.companyId, [row]);
  unit.stage({ type: 'message.created', companyId: ticket.companyId, message: dto!, ticket: ticketDto });
  if (!opts.ticketAnnounced) unit.stage({ type: 'ticket.updated', companyId: ticket.companyId, ticket: ticketDto });
  return row;
};

/** One message of a `queueOutboundMany` batch. */
export interface OutboundItem {
  ticket: TicketRow;
  body: string;
  opts?: OutboundOptions;
}

/**
 * `queueOutbound` for a batch of one company's messages (a timer run's inactivity messages):
 * the same rows, jobs and events as one call per item in that order, in a fixed number of
 * statements instead of several per message. Everything is written in the caller's
 * transaction, so the batch is stored and queued whole or not at all (a failure rolls all of it
 * back), and the jobs are seen by workers only once it commits. Each `message.created` carries
 * its ticket as the batch left it (N single calls would carry, for a ticket listed twice, the
 * state after each message).
 */
export const queueOutboundMany = async (unit: Unit, jobs: Jobs, items: OutboundItem[]): Promise<repo.MessageRow[]> => {
  if (items.length === 0) return [];
  const companyId = items[0]!.ticket.companyId;
  if (items.some((i) => i.ticket.companyId !== companyId)) throw new Error('queueOutboundMany: one company per batch');
  const { tx } = unit;
  const rows = await repo.insertMany(
    tx,
    companyId,
    items.map(({ ticket, body, opts = {} }) => outgoingRow(ticket, body, opts)),
  );
  const kinds = items.some((i) => i.opts?.media) ? textsOf(await companiesQueries.getSetting(tx, companyId, LANGUAGE_SETTING)).kinds : undefined;
  await ticketsQueries.touchAfterSendMany(
    tx,
    companyId,
    items.map(({ ticket, body, opts = {} }) => ({ ticketId: ticket.id, body: opts.media ? lastMessagePreview(opts.media.type, body, kinds!, opts.media.name) : body })),
  );
  await jobs.enqueueMany(
    tx,
    'message.send',
    rows.map((row, i) => sendJob(companyId, row.id, items[i]!.opts ?? {})),
  );
  const tickets = new Map((await ticketsQueries.loadDtos(tx, companyId, [...new Set(items.map((i) => i.ticket.id))])).map((t) => [t.id, t]));
  const dtos = await repo.withQuoted(tx, companyId, rows);
  items.forEach((item, i) => {
    const ticketDto = tickets.get(item.ticket.id)!;
    unit.stage({ type: 'message.created', companyId, message: dtos[i]!, ticket: ticketDto });
    if (!item.opts?.ticketAnnounced) unit.stage({ type: 'ticket.updated', companyId, ticket: ticketDto });
  });
  return rows;
};
