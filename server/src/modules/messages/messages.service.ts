import {
  can,
  type EditMessageBody,
  type ForwardMessageBody,
  type ListMessagesResponse,
  type MessageDto,
  type ReactionBody,
  type SendMediaFields,
  type SendMessageBody,
  type SendTemplateBody,
  type TicketDto,
  renderTemplate,
} from '@balcao/shared';
import type { Ctx, DataAccess, Unit } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import type { Clock } from '../../infra/clock';
import type { MediaStore } from '../../infra/media-store';
import { LANGUAGE_SETTING } from '../../infra/texts';
import { companiesQueries } from '../companies';
import { contactsQueries } from '../contacts';
import { usersQueries } from '../users';
import { canSee, ticketsQueries, type TicketRow } from '../tickets';
import { templateContent, whatsappQueries, whatsappWrites, type CloudAccount } from '../whatsapp';
import { assertWindowOpen, customerWindow, replyCarrierChecked } from './customer-window';
import { queueOutbound } from './outbound';
import { displayName } from './outbound-content';
import { captionsFor, classifyUpload, defaultUploadPolicy, type ClassifiedUpload, type Upload, type UploadPolicy } from './uploads';
import { queueReadReceipts } from './read-receipts';
import * as repo from './messages.repository';
import { renderVariables } from '../../infra/variables';

type Tx = Parameters<Parameters<DataAccess['withTenant']>[1]>[0]['tx'];

/**
 * Variables in any outbound text (server-behaviour §7): the spec's client posts its accept
 * greeting as "{{ms}} *{{name}}*, meu nome é…" and expects the customer to get it filled in.
 */
const rendered = async (tx: Tx, clock: Clock, t: { companyId: number; contactId: number; id: number }, text: string) => {
  if (!text.includes('{{')) return text;
  const [company, contact, language] = await Promise.all([
    companiesQueries.get(tx, t.companyId),
    contactsQueries.get(tx, t.companyId, t.contactId),
    companiesQueries.getSetting(tx, t.companyId, LANGUAGE_SETTING),
  ]);
  return renderVariables(text, { language, contactName: contact?.name ?? '', ticketId: t.id, now: clock.now(), timeZone: company?.timezone ?? 'America/Sao_Paulo' });
};

/** How long after the server's own greeting the same text from an agent is taken as that greeting. */
const ECHO_WINDOW_MS = 2 * 60_000;
/** The spec client's signature line (`*Name:*` then a newline) in front of a body. */
const unsigned = (body: string) => body.replace(/^\*[^*\n]+:\*\n/, '');

/** Kinds a forward re-sends: texts and the files the server keeps (stickers, cards and locations are not re-sent). */
const FORWARDABLE: ReadonlySet<string | null> = new Set([null, 'image', 'video', 'audio', 'ptt', 'voice', 'document']);

/** `*Name:*` then a newline in front of a text, unless it already starts with this signature. */
const signed = (name: string, body: string) => {
  const signature = `*${name}:*\n`;
  return body.startsWith(signature) ? body : `${signature}${body}`;
};

export interface MessagesDeps {
  data: DataAccess;
  jobs: Jobs;
  clock: Clock;
  /** Where uploaded files are kept (multipart sends); without it a multipart send is refused. */
  media?: Pick<MediaStore, 'save'>;
  uploads?: UploadPolicy;
  /** Cloud API connections' templates (decision 0390); without it a template send is refused. */
  templates?: Pick<CloudAccount, 'approved'>;
}

export const createMessagesService = (deps: MessagesDeps) => {
  const ticketFor = async (tx: Tx, ctx: Ctx, ticketId: number) => {
    // Both reads at once: postgres.js pipelines them on the transaction's connection.
    const [actor, t] = await Promise.all([usersQueries.actorFacts(tx, ctx.companyId, ctx.userId), ticketsQueries.get(tx, ctx.companyId, ticketId)]);
    if (!actor) throw new AppError('ERR_SESSION_EXPIRED');
    if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
    if (!canSee(actor, t)) throw new AppError('ERR_NO_PERMISSION');
    return t;
  };

  /** A ticket the agent may write on: open, and theirs unless they may answer any (admins). */
  const writableTicket = async (tx: Tx, ctx: Ctx, ticketId: number) => {
    const t = await ticketFor(tx, ctx, ticketId);
    // Replies go through an accepted ticket; admins may answer any open one.
    if (t.status !== 'open') throw new AppError('ERR_INVALID_TRANSITION');
    if (t.userId !== ctx.userId && !can(ctx, 'messages:replyToAnyTicket')) throw new AppError('ERR_NO_PERMISSION');
    return t;
  };

  const messageFor = async (tx: Tx, ctx: Ctx, messageId: number) => {
    const m = found(await repo.get(tx, ctx.companyId, messageId), 'ERR_NO_MESSAGE_FOUND');
    return m;
  };

  /** The quoted message's id after checking it is one of the company's. */
  const quotedIdOf = async (tx: Tx, ctx: Ctx, quoted: SendMessageBody['quotedMsg'] | SendMediaFields['quotedMsg']) => {
    const id = typeof quoted === 'number' ? quoted : (quoted?.id ?? null);
    if (id && !(await repo.get(tx, ctx.companyId, id))) throw new AppError('ERR_NO_MESSAGE_FOUND');
    return id;
  };

  /** An action on a stored message: stored now, told to WhatsApp by the send job (woken after commit). */
  const queueAction = async (unit: Unit, ctx: Ctx, row: repo.MessageRow, action: 'edit' | 'revoke' | 'react'): Promise<MessageDto> => {
    await deps.jobs.enqueue(unit.tx, 'message.send', { companyId: ctx.companyId, messageId: row.id, action });
    const [dto] = await repo.withQuoted(unit.tx, ctx.companyId, [row]);
    const ticket = (await ticketsQueries.loadDto(unit.tx, ctx.companyId, row.ticketId))!;
    unit.stage({ type: 'message.updated', companyId: ctx.companyId, message: dto!, ticket });
    return dto!;
  };

  /** Runs `fn` in a transaction, then wakes the send worker (the job it queued is committed). */
  const thenSend = async <T>(ctx: Ctx, fn: (unit: Unit) => Promise<T>): Promise<T> => {
    const r = await deps.data.withTenant(ctx, fn);
    deps.jobs.notify('message.send');
    return r;
  };

  /** The outbox's retry (decision 0307): the message already stored under `clientId` is the answer, nothing is sent again. */
  const storedByClientId = async (tx: Tx, ctx: Ctx, ticketId: number, clientId: string | undefined): Promise<MessageDto | undefined> => {
    if (!clientId) return undefined;
    await repo.lockClientId(tx, ctx.companyId, clientId);
    const stored = await repo.byClientId(tx, ctx.companyId, clientId);
    if (!stored) return undefined;
    await ticketFor(tx, ctx, stored.ticketId);
    if (stored.ticketId !== ticketId || stored.userId !== ctx.userId) throw new AppError('ERR_VALIDATION', 'clientId: already used for another message');
    return (await repo.withQuoted(tx, ctx.companyId, [stored]))[0]!;
  };

  /** Own outgoing message on a ticket the agent may see and that is open; else the coded refusal. */
  const ownOutgoing = async (tx: Tx, ctx: Ctx, messageId: number, mayAnyOutgoing: boolean) => {
    const m = await messageFor(tx, ctx, messageId);
    const t = await ticketFor(tx, ctx, m.ticketId);
    if (!m.fromMe || (m.userId !== ctx.userId && !mayAnyOutgoing)) throw new AppError('ERR_NO_PERMISSION');
    if (t.status !== 'open') throw new AppError('ERR_INVALID_TRANSITION');
    return { m, t };
  };

  return {
    /** Reads only (decision 0031): opening a conversation marks it read through markRead. */
    list: (ctx: Ctx, ticketId: number, pageNumber: number): Promise<ListMessagesResponse> =>
      deps.data.withTenant(ctx, async ({ tx }) => {
        // The page and the ticket's DTO are read alongside the checks (pipelined on the
        // transaction's connection) and only answered once the actor may see the ticket.
        // The Cloud window's reads start as soon as the ticket is known, behind the page's on the
        // connection, not after them (one round trip less for every conversation opened).
        const checked = ticketFor(tx, ctx, ticketId);
        const [t, { ticketIds, ...page }, ticket, window] = await Promise.all([
          checked,
          repo.history(tx, ctx.companyId, ticketId, pageNumber),
          ticketsQueries.loadDto(tx, ctx.companyId, ticketId),
          checked.then(async (found) => customerWindow(tx, deps.clock, found, await whatsappQueries.replyCarrier(tx, found.companyId, found.whatsappId))),
        ]);
        // Usually the page is all this ticket's: its DTO has the times; earlier tickets are read.
        const earlier = ticketIds.filter((id) => id !== t.id);
        const spans = earlier.length ? await ticketsQueries.spans(tx, ctx.companyId, earlier) : [];
        const tickets = [
          ...spans.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), closedAt: s.closedAt?.toISOString() ?? null })),
          ...(ticketIds.includes(t.id) ? [{ id: t.id, createdAt: ticket!.createdAt, closedAt: ticket!.closedAt ?? null }] : []),
        ];
        return { ...page, tickets, ticket: ticket!, ...(window ? { window } : {}) };
      }),

    /**
     * The agent shows the conversation: the unread badge clears for everyone and the customer's
     * messages get their blue ticks. A pending ticket (an admin's preview) stays unread.
     */
    markRead: (ctx: Ctx, ticketId: number): Promise<TicketDto> =>
      deps.data.withTenant(ctx, async ({ tx, stage }) => {
        const t = await ticketFor(tx, ctx, ticketId);
        if (t.unreadMessages === 0 || t.status === 'pending') return (await ticketsQueries.loadDto(tx, ctx.companyId, t.id))!;
        await ticketsQueries.setFacts(tx, ctx.companyId, t.id, { unreadMessages: 0 });
        await queueReadReceipts({ tx, stage }, deps.jobs, t);
        const ticket = (await ticketsQueries.loadDto(tx, ctx.companyId, t.id))!;
        stage({ type: 'ticket.updated', companyId: ctx.companyId, ticket, read: true });
        return ticket;
      }),

    send: (ctx: Ctx, ticketId: number, body: SendMessageBody): Promise<MessageDto> =>
      deps.data.withTenant(ctx, async (unit) => {
        const stored = await storedByClientId(unit.tx, ctx, ticketId, body.clientId);
        if (stored) return stored;
        const t = await writableTicket(unit.tx, ctx, ticketId);
        const carrier = await replyCarrierChecked(unit.tx, deps.clock, t);
        const quotedId = await quotedIdOf(unit.tx, ctx, body.quotedMsg);
        const text = await rendered(unit.tx, deps.clock, t, body.body);
        // The spec's client posts its own accept greeting after the server sent it (decision 0054):
        // the customer gets it once, and the client gets the message already sent.
        const since = new Date(deps.clock.now().getTime() - ECHO_WINDOW_MS);
        const echo = (await repo.recentAutomated(unit.tx, ctx.companyId, t.id, since)).find((m) => m.body === unsigned(text));
        if (echo && !quotedId) return (await repo.withQuoted(unit.tx, ctx.companyId, [echo]))[0]!;
        const row = await queueOutbound(unit, deps.jobs, t, text, { userId: ctx.userId, quotedMsgId: quotedId, clientId: body.clientId, carrierId: carrier?.id });
        return (await repo.withQuoted(unit.tx, ctx.companyId, [row]))[0]!;
      }),

    /**
     * A Cloud API template (decision 0390), allowed in or out of the customer's window: checked
     * against Meta's approved template, stored with its rendered text like any outbound message.
     * Meta's list is read between two transactions (an HTTP call never holds one open).
     */
    sendTemplate: async (ctx: Ctx, ticketId: number, body: SendTemplateBody): Promise<MessageDto> => {
      const first = await deps.data.withTenant(ctx, async ({ tx }) => {
        const stored = await storedByClientId(tx, ctx, ticketId, body.clientId);
        if (stored) return { stored };
        const t = await writableTicket(tx, ctx, ticketId);
        return { conn: await whatsappQueries.replyCarrier(tx, ctx.companyId, t.whatsappId), ticketConn: t.whatsappId };
      });
      if (first.stored) return first.stored;
      const conn = first.conn;
      if (conn?.provider !== 'cloud' || !deps.templates) throw new AppError('ERR_VALIDATION', 'template: only on a Cloud API connection');
      const template = await deps.templates.approved(conn, body.template.name, body.template.language);
      const content = templateContent(template, body.template);
      return deps.data.withTenant(ctx, async (unit) => {
        const t = await writableTicket(unit.tx, ctx, ticketId);
        if (t.whatsappId !== first.ticketConn) throw new AppError('ERR_VALIDATION', 'template: the ticket moved to another connection');
        // The plan's monthly cap (decision 0414): counted in the storing transaction, so a refused send stores nothing.
        await whatsappWrites.countTemplateSend(unit.tx, ctx.companyId, deps.clock.now());
        const row = await queueOutbound(unit, deps.jobs, t, renderTemplate(template, body.template.variables), { userId: ctx.userId, clientId: body.clientId, template: content, carrierId: conn.id });
        return (await repo.withQuoted(unit.tx, ctx.companyId, [row]))[0]!;
      });
    },

    /**
     * Multipart send: one message per file, in order, the caption on the first. Every file is
     * checked (kind by its bytes, allow-list, size) before any is stored or sent.
     */
    sendMedia: async (ctx: Ctx, ticketId: number, fields: SendMediaFields, files: Upload[], bodies: string[] = [fields.body]): Promise<MessageDto[]> => {
      if (!deps.media) throw new AppError('ERR_VALIDATION', 'uploads are not accepted here');
      const media = deps.media;
      const classified: ClassifiedUpload[] = [];
      for (const f of files) classified.push(await classifyUpload(f, fields.voice, deps.uploads ?? defaultUploadPolicy));
      const captions = captionsFor(files, bodies);
      return deps.data.withTenant(ctx, async (unit) => {
        const t = await writableTicket(unit.tx, ctx, ticketId);
        const carrier = await replyCarrierChecked(unit.tx, deps.clock, t);
        const quotedId = await quotedIdOf(unit.tx, ctx, fields.quotedMsg);
        const rows: repo.MessageRow[] = [];
        for (const [i, f] of classified.entries()) {
          const name = await media.save(ctx.companyId, f.source, { mimetype: f.mimetype, fileName: f.fileName });
          const caption = captions[i]!.trim() ? await rendered(unit.tx, deps.clock, t, captions[i]!) : '';
          // A document without a caption reads as its file name (attendance §3), like received ones.
          const body = caption || (f.mediaType === 'document' ? displayName(name) : '');
          rows.push(
            await queueOutbound(unit, deps.jobs, t, body, {
              userId: ctx.userId,
              quotedMsgId: i === 0 ? quotedId : null,
              media: { type: f.mediaType, name, size: f.size },
              ticketAnnounced: i < classified.length - 1,
              carrierId: carrier?.id,
            }),
          );
        }
        return repo.withQuoted(unit.tx, ctx.companyId, rows);
      });
    },

    /** Our own text message, new text: stored at once (isEdited), then sent as an edit. */
    edit: (ctx: Ctx, messageId: number, body: EditMessageBody): Promise<MessageDto> =>
      thenSend(ctx, async (unit) => {
        const { m, t } = await ownOutgoing(unit.tx, ctx, messageId, false);
        if (m.mediaType !== null || m.isDeleted || m.ack < 0) throw new AppError('ERR_MESSAGE_NOT_EDITABLE');
        const row = found(await repo.setEdited(unit.tx, ctx.companyId, m.id, await rendered(unit.tx, deps.clock, t, body.body)), 'ERR_MESSAGE_NOT_EDITABLE');
        return queueAction(unit, ctx, row, 'edit');
      }),

    /** Deletes an outgoing message for everyone: its author, or an admin for any outgoing one. Idempotent. */
    remove: (ctx: Ctx, messageId: number): Promise<MessageDto> =>
      thenSend(ctx, async (unit) => {
        const { m } = await ownOutgoing(unit.tx, ctx, messageId, can(ctx, 'messages:deleteAnyOutgoing'));
        if (m.isDeleted) return (await repo.withQuoted(unit.tx, ctx.companyId, [m]))[0]!;
        const row = (await repo.setDeleted(unit.tx, ctx.companyId, m.id))!;
        return queueAction(unit, ctx, row, 'revoke');
      }),

    /** Our reaction on any message of a ticket we may write on ('' removes it). */
    react: (ctx: Ctx, messageId: number, body: ReactionBody): Promise<MessageDto> =>
      thenSend(ctx, async (unit) => {
        const m = await messageFor(unit.tx, ctx, messageId);
        await writableTicket(unit.tx, ctx, m.ticketId);
        if (m.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND');
        const own = (await whatsappQueries.get(unit.tx, ctx.companyId, m.whatsappId))?.number ?? '';
        const row = (await repo.setOwnReaction(unit.tx, ctx.companyId, m.id, body.type, own))!;
        return queueAction(unit, ctx, row, 'react');
      }),

    /**
     * Re-sends a message (text or file) to a contact, marked forwarded, on the contact's live
     * ticket of the same connection or a new open ticket assigned to the forwarder.
     */
    forward: (ctx: Ctx, body: ForwardMessageBody): Promise<MessageDto> =>
      deps.data.withTenant(ctx, async (unit) => {
        const { tx } = unit;
        const m = await messageFor(tx, ctx, body.messageId);
        const source = await ticketFor(tx, ctx, m.ticketId);
        if (m.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND');
        if (!FORWARDABLE.has(m.mediaType) || (m.mediaType !== null && !m.mediaUrl)) throw new AppError('ERR_VALIDATION', `a ${m.mediaType} message cannot be forwarded`);
        const contact = found(await contactsQueries.get(tx, ctx.companyId, body.contactId), 'ERR_NO_CONTACT_FOUND');
        // The source ticket's connection, not the one that carried the message (a fallback's, decision 0412).
        await assertWindowOpen(tx, deps.clock, { companyId: ctx.companyId, contactId: contact.id, whatsappId: source.whatsappId });
        const { ticket, created } = await ticketsQueries.liveOrOpen(tx, ctx.companyId, {
          contactId: contact.id,
          whatsappId: source.whatsappId,
          userId: ctx.userId,
          queueId: source.queueId,
          at: deps.clock.now(),
        });
        if (created) unit.stage({ type: 'ticket.created', companyId: ctx.companyId, ticket: (await ticketsQueries.loadDto(tx, ctx.companyId, ticket.id))! });
        const fileName = m.mediaUrl ? displayName(m.mediaUrl) : '';
        const hasText = m.mediaType === null || (m.body.trim() !== '' && m.body !== fileName);
        let text = m.body;
        if (body.signMessage && hasText) {
          const agent = await usersQueries.get(tx, ctx.companyId, ctx.userId);
          if (agent?.name) text = signed(agent.name, m.body);
        }
        const row = await queueOutbound(unit, deps.jobs, ticket as TicketRow, text, {
          userId: ctx.userId,
          forwarded: true,
          media: m.mediaType !== null && m.mediaUrl ? { type: m.mediaType, name: m.mediaUrl } : null,
        });
        return (await repo.withQuoted(tx, ctx.companyId, [row]))[0]!;
      }),
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;
