import { lastMessagePreview, mediaTypeOfKind, normalizeChannelPhone, type DomainEvent, type InboundFacts, type MessageDto, type MessageReaction, type TicketDto } from '@balcao/shared';
import type { DataAccess, Unit } from '../../../db/tenant';
import { sql } from 'drizzle-orm';
import type { Jobs } from '../../../infra/jobs';
import type { MediaStore } from '../../../infra/media-store';
import { DEFAULT_LANGUAGE, LANGUAGE_SETTING, textsOf } from '../../../infra/texts';
import { companiesQueries } from '../../companies';
import { contactsQueries } from '../../contacts';
import { ticketsQueries, type TicketRow } from '../../tickets';
import {
  type AckUpdate,
  type CallOffer,
  type ConnectionFacts,
  type ContactPictures,
  type EditUpdate,
  type IdentityChangeUpdate,
  type IdentityKind,
  type InboundMessage,
  type ReactionUpdate,
  type RevokeUpdate,
  type SenderIds,
  type WhatsAppChannel,
} from '../../whatsapp';
import { queueOutbound } from '../outbound';
import * as messagesRepo from '../messages.repository';
import { applyPresence } from './inbound-presence';
import { createInboundMedia, MEDIA_SAFETY_NET_SECONDS, type MediaJob } from './inbound-media';

/** Sent on the live ticket when a call is rejected because the company disabled calls (pt-BR; infra/texts.ts). */
export const CALLS_DISABLED_TEXT = textsOf(DEFAULT_LANGUAGE).callsDisabled;

/** The `call_log` body: 'Chamada de voz perdida às 14:05' in the company's time zone and language. */
export const callLogBody = (isVideo: boolean, at: Date, timeZone: string, language?: string): string => {
  let time: string;
  try {
    time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  } catch {
    time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }).format(at);
  }
  return textsOf(language).missedCall(isVideo, time);
};

export type CallOutcome = { outcome: 'logged'; rejected: boolean; messageId: number; ticketId: number } | { outcome: 'ignored'; reason: 'no-live-ticket' | 'duplicate'; rejected: boolean };

export type { ConnectionFacts };

/** What the pipeline asks of whoever knows a company's contact identities (contact-merge's learner; decision 0422). */
export interface IdentityPort {
  learn(companyId: number, ids: SenderIds): Promise<unknown>;
  /** The customer's identifiers changed (decision 0424). */
  change(companyId: number, c: IdentityChangeUpdate): Promise<unknown>;
}

export type IngestResult = { outcome: 'stored'; messageId: number; ticketId: number } | { outcome: 'duplicate' } | { outcome: 'ignored'; reason: string };

// The network can deliver what PostgreSQL text cannot store.
const stripNul = (s: string) => s.split('\u0000').join('');

const messageFromRow = (m: Record<string, unknown>): MessageDto => ({
  id: m.id as number,
  ticketId: m.ticket_id as number,
  contactId: (m.contact_id as number | null) ?? null,
  waMessageId: m.wa_message_id as string,
  body: m.body as string,
  fromMe: m.from_me as boolean,
  ack: m.ack as number,
  read: m.read as boolean,
  mediaType: (m.media_type as string | null) ?? null,
  mediaUrl: (m.media_url as string | null) ?? null,
  isDeleted: m.is_deleted as boolean,
  isEdited: m.is_edited as boolean,
  isForwarded: m.is_forwarded as boolean,
  automated: m.automated as boolean,
  errorCode: (m.error_code as string | null) ?? null,
  errorDetail: (m.error_detail as string | null | undefined) ?? null,
  quotedMsg: null,
  reactions: (m.reactions as MessageReaction[] | null) ?? [],
  userId: (m.user_id as number | null | undefined) ?? null,
  createdAt: new Date(m.created_at as string).toISOString(),
  updatedAt: new Date(m.updated_at as string).toISOString(),
});

export interface IngestCall {
  duplicate: boolean;
  ticketCreated?: boolean;
  message?: Record<string, unknown>;
  quoted?: MessageDto['quotedMsg'];
  ticket?: TicketDto;
  /** A customer's (not a group's) message: what its listeners need to know (InboundFacts). */
  facts?: InboundFacts | null;
}

/** balcao_ingest's arguments by name (drizzle/policies/20-ingest-function.sql). */
export interface IngestArgs {
  companyId: number;
  whatsappId: number;
  number: string;
  name: string;
  isGroup: boolean;
  waMessageId: string;
  body: string;
  mediaType: string | null;
  status: 'pending';
  queueId: number | null;
  at: Date;
  /** The channel's message as JSON text, or null. */
  raw: string | null;
  isForwarded: boolean;
  quotedWaMessageId: string | null;
  fromMe: boolean;
  /** What the ticket list shows ('' = the body): media and cards named, never raw data. */
  lastMessage: string;
  /**
   * `number` is this identifier, not a phone (issue 29 §5): the contact is the one it is mapped to
   * (22-ingest-identity.sql). Only such items carry it; balcao_ingest itself never sees it.
   */
  identityKind?: IdentityKind;
}

/** The function's parameter order, in one place: both call paths below use it. */
const ingestParams = (a: IngestArgs) =>
  [a.whatsappId, a.number, a.name, a.isGroup, a.waMessageId, a.body, a.mediaType, a.status, a.queueId, a.at.toISOString(), a.raw, a.isForwarded, a.quotedWaMessageId, a.fromMe, a.lastMessage] as const;

/**
 * The one typed call site of balcao_ingest. Without `tx`: one autocommit statement (the hot
 * path), `events` published after it. With `tx`: inside the caller's transaction (the caller
 * stages the events).
 */
export const callIngest = {
  autocommit: (data: Pick<DataAccess, 'callTenantFunction'>, a: IngestArgs, events: (r: IngestCall) => DomainEvent[]): Promise<IngestCall> =>
    data.callTenantFunction<IngestCall>({ companyId: a.companyId }, 'balcao_ingest', [...ingestParams(a)], events),
  inTransaction: async (tx: Unit['tx'], a: IngestArgs): Promise<IngestCall> => {
    const p = ingestParams(a);
    const rows = await tx.execute<{ r: IngestCall }>(
      sql`select balcao_ingest(${a.companyId}::int, ${p[0]}::int, ${p[1]}::text, ${p[2]}::text, ${p[3]}::boolean, ${p[4]}::text, ${p[5]}::text,
        ${p[6]}::text, ${p[7]}::text, ${p[8]}::int, ${p[9]}::timestamptz, ${p[10]}::jsonb, ${p[11]}::boolean, ${p[12]}::text, ${p[13]}::boolean, ${p[14]}::text) as r`,
    );
    return rows[0]!.r;
  },
};

/** One item of balcao_ingest_many: the arguments by name, `raw` spliced in as the JSON it already is. */
const itemJson = (a: IngestArgs): string => {
  const { raw, at, companyId: _company, ...rest } = a;
  return `${JSON.stringify({ ...rest, at: at.toISOString() }).slice(0, -1)},"raw":${raw ?? 'null'}}`;
};

/**
 * Several texts of one company in one call (balcao_ingest_many), in the order they arrived (so
 * each customer's keep theirs); the events of all of them are published after it. A batch naming
 * a sender by a LID, user id or username goes through balcao_ingest_many_as, which resolves it first.
 */
const callIngestMany = (data: Pick<DataAccess, 'callTenantFunction'>, companyId: number, args: IngestArgs[], events: (r: IngestCall, i: number) => DomainEvent[]): Promise<IngestCall[]> =>
  data.callTenantFunction<IngestCall[]>({ companyId }, args.some((a) => a.identityKind) ? 'balcao_ingest_many_as' : 'balcao_ingest_many', [`[${args.map(itemJson).join(',')}]`], (rs) =>
    rs.flatMap((r, i) => events(r, i)),
  );

/** The number of the contact an identifier is mapped to (or itself), inside the caller's transaction, under its shared lock. */
const resolveIdentity = async (tx: Unit['tx'], a: IngestArgs): Promise<IngestArgs> => {
  if (!a.identityKind) return a;
  const rows = await tx.execute<{ n: string }>(sql`select balcao_identity_resolve(${a.companyId}::int, ${a.identityKind}::text, ${a.number}::text) as n`);
  return { ...a, number: rows[0]!.n };
};

/**
 * Texts per balcao_ingest_many call, and lanes per company: a customer's messages always take the
 * same lane (by number), each lane has one call in flight and the rest wait and go together in
 * its next. Lanes never touch the same contact or ticket, so their calls run side by side without
 * waiting on each other's row locks (one lane would keep PostgreSQL on one core).
 */
export const INGEST_BATCH = { maxItems: 200, lanes: 4 };

/** The lane of a number (a small, stable hash). */
const laneOf = (number: string): number => {
  let h = 0;
  for (let i = 0; i < number.length; i += 1) h = (h * 31 + number.charCodeAt(i)) | 0;
  return Math.abs(h) % INGEST_BATCH.lanes;
};

/** `media_type`: the kind for everything but plain and link texts (attendance §3: null for text). */
export const mediaTypeOf = (msg: Pick<InboundMessage, 'kind' | 'mediaType'>): string | null => {
  if (!msg.kind) return msg.mediaType ?? null;
  return mediaTypeOfKind(msg.kind);
};

// jsonb cannot hold NUL either; the raw message keeps everything else as the channel gave it.
const rawJson = (raw: unknown): string => JSON.stringify(raw, (_k, v: unknown) => (typeof v === 'string' && v.includes('\u0000') ? stripNul(v) : v));

/** The company's language for the texts the server writes (infra/texts.ts). */
const languageOf = (tx: Unit['tx'], companyId: number) => companiesQueries.getSetting(tx, companyId, LANGUAGE_SETTING);

const isConcurrentDuplicate = (err: unknown) => (err as { code?: string }).code === 'BLC01';

/**
 * The inbound pipeline (server-behaviour §5, steps 1–6); automation (step 7) comes later.
 * Steps 2, 4, 5 and 6 are one SQL function call (drizzle/policies/20-ingest-function.sql).
 * Edits, revokes and reactions update their target message (unknown targets are ignored); a call
 * is logged on the caller's live ticket (step 8). None of them creates a contact or a ticket.
 * `jobs` queues the automatic text of a rejected call; without it the text is not sent.
 */
export const createInbound = (data: DataAccess, jobs?: Jobs, media?: MediaStore, pictures?: Pick<ContactPictures, 'touch'>, identities?: IdentityPort) => {
  const mediaFetcher = media ? createInboundMedia({ data, media, jobs }) : undefined;

  const ignoreGroups = async (companyId: number) =>
    (await data.withTenant({ companyId }, ({ tx }) => companiesQueries.getSetting(tx, companyId, 'CheckMsgIsGroup'))) !== 'disabled';

  /** The list's preview of a message with no text of its own, in the company's language ('' for texts). */
  const previewOf = async (conn: ConnectionFacts, msg: InboundMessage): Promise<string> => {
    const mediaType = mediaTypeOf(msg);
    if (mediaType === null) return '';
    const language = await data.withTenant({ companyId: conn.companyId }, ({ tx }) => languageOf(tx, conn.companyId));
    return lastMessagePreview(mediaType, stripNul(msg.body), textsOf(language).kinds, msg.media?.fileName);
  };

  const ingestArgs = (conn: ConnectionFacts, msg: InboundMessage, lastMessage = ''): IngestArgs => ({
    companyId: conn.companyId,
    whatsappId: conn.id,
    // Every channel's number keys contacts in the one canonical form (decision 0032); another
    // identifier (a LID, a Cloud user id, a username) is kept as the channel gave it.
    number: msg.isGroup || msg.fromKind ? msg.from : normalizeChannelPhone(msg.from),
    ...(msg.fromKind && !msg.isGroup ? { identityKind: msg.fromKind } : {}),
    // Our own push name is not the customer's.
    name: msg.fromMe ? '' : stripNul(msg.pushName?.trim() ?? ''),
    isGroup: msg.isGroup,
    waMessageId: msg.id,
    body: stripNul(msg.body),
    mediaType: mediaTypeOf(msg),
    status: 'pending',
    queueId: conn.queueIds.length === 1 ? conn.queueIds[0]! : null,
    at: msg.timestamp,
    raw: msg.raw === undefined ? null : rawJson(msg.raw),
    isForwarded: msg.isForwarded ?? false,
    quotedWaMessageId: msg.quotedId ?? null,
    fromMe: msg.fromMe,
    lastMessage,
  });

  /**
   * The sender's identifiers taught to the company (decision 0422): after the message is stored, so
   * a failure here never loses it; the port answers from memory for a customer it already learned.
   */
  const learn = async (conn: ConnectionFacts, ids: SenderIds): Promise<void> => {
    try {
      await identities?.learn(conn.companyId, ids);
    } catch (err) {
      console.error(`whatsapp ${conn.id}: identities not learned`, err);
    }
  };

  const eventsOf = (conn: ConnectionFacts, r: IngestCall): DomainEvent[] => {
    if (r.duplicate || !r.ticket || !r.message) return [];
    const ticket = ticketsQueries.ticketFromJson(r.ticket);
    return [
      { type: r.ticketCreated ? 'ticket.created' : 'ticket.updated', companyId: conn.companyId, ticket },
      { type: 'message.created', companyId: conn.companyId, message: { ...messageFromRow(r.message), quotedMsg: r.quoted ?? null }, ticket, ...(r.facts ? { inbound: r.facts } : {}) },
    ];
  };

  const mediaJob = (conn: ConnectionFacts, msg: InboundMessage, messageId: number): MediaJob => ({
    companyId: conn.companyId,
    messageId,
    mimetype: msg.media!.mimetype,
    ...(msg.media!.fileName ? { fileName: msg.media!.fileName } : {}),
  });

  /**
   * Texts: the hot path (issue 26). Those of one company that arrive in the same turn of the event
   * loop are stored by one autocommit call per lane (INGEST_BATCH); what arrives while a lane's
   * call runs goes in its next. A call that fails as a whole (a deadlock, a bad item) stores its
   * messages one by one, so each gets its own outcome.
   */
  type Waiting = { conn: ConnectionFacts; args: IngestArgs; done: (r: IngestCall) => void; fail: (err: unknown) => void };
  type Lane = { companyId: number; items: Waiting[]; running: boolean; scheduled: boolean };
  const lanes = new Map<string, Lane>();
  const storeOne = (w: Waiting) =>
    (w.args.identityKind
      ? callIngestMany(data, w.conn.companyId, [w.args], (r) => eventsOf(w.conn, r)).then((rs) => rs[0]!)
      : callIngest.autocommit(data, w.args, (r) => eventsOf(w.conn, r))
    ).then(w.done, w.fail);
  const flushLane = async (key: string, lane: Lane): Promise<void> => {
    lane.scheduled = false;
    if (lane.running || lane.items.length === 0) return;
    const batch = lane.items.splice(0, INGEST_BATCH.maxItems);
    lane.running = true;
    try {
      if (batch.length === 1) await storeOne(batch[0]!);
      else {
        let results: IngestCall[] | undefined;
        try {
          results = await callIngestMany(data, lane.companyId, batch.map((w) => w.args), (r, i) => eventsOf(batch[i]!.conn, r));
        } catch {
          for (const w of batch) await storeOne(w);
        }
        results?.forEach((r, i) => batch[i]!.done(r));
      }
    } finally {
      lane.running = false;
      if (lane.items.length > 0) scheduleLane(key, lane);
      else if (!lane.scheduled) lanes.delete(key);
    }
  };
  const scheduleLane = (key: string, lane: Lane) => {
    if (lane.scheduled) return;
    lane.scheduled = true;
    setImmediate(() => void flushLane(key, lane));
  };
  const store = async (conn: ConnectionFacts, msg: InboundMessage): Promise<IngestCall> => {
    const args = ingestArgs(conn, msg, await previewOf(conn, msg));
    return new Promise<IngestCall>((done, fail) => {
      const key = `${conn.companyId}:${laneOf(args.number)}`;
      let lane = lanes.get(key);
      if (!lane) lanes.set(key, (lane = { companyId: conn.companyId, items: [], running: false, scheduled: false }));
      lane.items.push({ conn, args, done, fail });
      scheduleLane(key, lane);
    });
  };

  /**
   * Media: the same call plus the download's safety-net job, in one transaction, so a process
   * that dies between storing the message and saving its file still leaves the job behind.
   */
  const storeWithMedia = (conn: ConnectionFacts, msg: InboundMessage) =>
    data.withTenant({ companyId: conn.companyId }, async ({ tx, stage }) => {
      const args = ingestArgs(conn, msg, lastMessagePreview(mediaTypeOf(msg) ?? 'document', stripNul(msg.body), textsOf(await languageOf(tx, conn.companyId)).kinds, msg.media?.fileName));
      const r = await callIngest.inTransaction(tx, await resolveIdentity(tx, args));
      for (const e of eventsOf(conn, r)) stage(e);
      if (!r.duplicate && r.message) await jobs!.enqueue(tx, 'media.download', mediaJob(conn, msg, r.message.id as number), { startAfterSeconds: MEDIA_SAFETY_NET_SECONDS });
      return r;
    });

  /** After the message is stored, never before: a failed download must not lose the message. */
  const downloadAtReceipt = (conn: ConnectionFacts, msg: InboundMessage, messageId: number, channel: Pick<WhatsAppChannel, 'downloadMedia'>) =>
    mediaFetcher!.startAtReceipt(mediaJob(conn, msg, messageId), channel, { id: msg.id, raw: msg.raw ?? null });

  /** Runs one target update; stages message.updated for the target's ticket when it matched. */
  const updateTarget = (conn: ConnectionFacts, apply: (tx: Unit['tx']) => Promise<messagesRepo.MessageRow | undefined>): Promise<boolean> =>
    data.withTenant({ companyId: conn.companyId }, async ({ tx, stage }) => {
      const row = await apply(tx);
      if (!row) return false;
      const ticket = await ticketsQueries.loadDto(tx, conn.companyId, row.ticketId);
      if (ticket) stage({ type: 'message.updated', companyId: conn.companyId, message: (await messagesRepo.withQuoted(tx, conn.companyId, [row]))[0]!, ticket });
      return true;
    });

  const sendCallsDisabled = async (unit: Unit, ticket: TicketRow, conn: ConnectionFacts): Promise<void> => {
    if (!jobs) {
      console.error(`whatsapp ${conn.id}: calls are disabled but the pipeline has no job queue; automatic text not sent`);
      return;
    }
    await queueOutbound(unit, jobs, ticket, textsOf(await languageOf(unit.tx, conn.companyId)).callsDisabled, { automated: true });
  };

  /**
   * Acks of one connection handed over together (a phone reports its receipts in bursts; the
   * sandbox hands over those that came due at once) are stored in one transaction: each applied
   * in order as on its own, one ticket read for all, one `message.updated` per changed message.
   */
  const ackBursts = new Map<number, { updates: AckUpdate[]; done: Promise<void> }>();
  const applyAcks = (conn: ConnectionFacts, updates: AckUpdate[]) =>
    data.withTenant({ companyId: conn.companyId }, async ({ tx, stage }) => {
      const rows: messagesRepo.MessageRow[] = [];
      for (const u of updates) {
        const row = await messagesRepo.applyAck(tx, conn.companyId, conn.id, u.id, u.ack, undefined, u.error);
        if (row) rows.push(row);
      }
      if (rows.length === 0) return;
      const tickets = new Map((await ticketsQueries.loadDtos(tx, conn.companyId, [...new Set(rows.map((r) => r.ticketId))])).map((t) => [t.id, t]));
      for (const row of rows) {
        const ticket = tickets.get(row.ticketId);
        if (ticket) stage({ type: 'message.updated', companyId: conn.companyId, message: messagesRepo.toMessageDto(row), ticket });
      }
    });

  const api = {
    /**
     * Stores the message; with `channel` (and a media store), its media is then downloaded in
     * the background (`mediaIdle` awaits it) so the connection's next events are not held up.
     */
    async ingest(conn: ConnectionFacts, msg: InboundMessage, channel?: Pick<WhatsAppChannel, 'downloadMedia'>): Promise<IngestResult> {
      if (msg.isGroup && (await ignoreGroups(conn.companyId))) return { outcome: 'ignored', reason: 'group' };
      const withMedia = !!(msg.media && mediaFetcher && jobs);
      try {
        const r = withMedia ? await storeWithMedia(conn, msg) : await store(conn, msg);
        if (r.duplicate) return { outcome: 'duplicate' };
        const messageId = r.message!.id as number;
        if (withMedia && channel) downloadAtReceipt(conn, msg, messageId, channel);
        if (!msg.isGroup && !msg.fromMe) pictures?.touch({ companyId: conn.companyId, contactId: r.ticket!.contact.id, whatsappId: conn.id });
        if (!msg.isGroup && msg.identities) await learn(conn, msg.identities);
        return { outcome: 'stored', messageId, ticketId: r.ticket!.id };
      } catch (err) {
        // Two deliveries of one id raced past the duplicate check; the loser rolled back.
        if (isConcurrentDuplicate(err)) return { outcome: 'duplicate' };
        throw err;
      }
    },

    /**
     * Resolves once the ack is stored. Acks of the connection arriving in the same turn of the
     * event loop join it and are stored with it (`applyAcks`; a failure fails them all).
     */
    applyAck(conn: ConnectionFacts, update: AckUpdate): Promise<void> {
      const open = ackBursts.get(conn.id);
      if (open) {
        open.updates.push(update);
        return open.done;
      }
      const burst = { updates: [update], done: Promise.resolve() };
      burst.done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        ackBursts.delete(conn.id);
        return applyAcks(conn, burst.updates);
      });
      ackBursts.set(conn.id, burst);
      return burst.done;
    },

    /** The target's body becomes the edited text; returns whether a message was updated. */
    applyEdit(conn: ConnectionFacts, update: EditUpdate): Promise<boolean> {
      return updateTarget(conn, (tx) => messagesRepo.applyEdit(tx, conn.companyId, conn.id, update.id, stripNul(update.body)));
    },

    /** The contact deleted their message: 'Essa mensagem foi apagada pelo contato', isDeleted. */
    applyRevoke(conn: ConnectionFacts, update: RevokeUpdate): Promise<boolean> {
      return updateTarget(conn, async (tx) => messagesRepo.applyRevoke(tx, conn.companyId, conn.id, update.id, textsOf(await languageOf(tx, conn.companyId)).revoked));
    },

    /** Stores (or with '' removes) the reactor's reaction on the target message. */
    applyReaction(conn: ConnectionFacts, update: ReactionUpdate): Promise<boolean> {
      return updateTarget(conn, (tx) =>
        messagesRepo.applyReaction(tx, conn.companyId, conn.id, update.targetId, { emoji: stripNul(update.emoji), fromMe: update.fromMe, from: update.from }),
      );
    },

    /**
     * server-behaviour §5.8: with the company's `call` setting 'disabled' the call is rejected
     * and the automatic text goes out on the live ticket; either way a `call_log` message is
     * logged there. A caller without a live ticket gets nothing stored (never a new ticket).
     */
    async handleCall(conn: ConnectionFacts, call: CallOffer, channel?: Pick<WhatsAppChannel, 'rejectCall'>): Promise<CallOutcome> {
      const disabled =
        (await data.withTenant({ companyId: conn.companyId }, ({ tx }) => companiesQueries.getSetting(tx, conn.companyId, 'call'))) === 'disabled';
      let rejected = false;
      if (disabled && channel) {
        try {
          await channel.rejectCall(call.id, call.from);
          rejected = true;
        } catch (err) {
          console.error(`whatsapp ${conn.id}: rejecting call ${call.id} failed`, err);
        }
      }
      return data.withTenant({ companyId: conn.companyId }, async (unit): Promise<CallOutcome> => {
        const { tx, stage } = unit;
        const contact = call.fromKind
          ? await contactsQueries.getByIdentity(tx, conn.companyId, call.fromKind, call.from)
          : await contactsQueries.getByNumber(tx, conn.companyId, normalizeChannelPhone(call.from));
        const ticket = contact ? await ticketsQueries.findLive(tx, conn.companyId, contact.id, conn.id) : undefined;
        if (!contact || !ticket) return { outcome: 'ignored', reason: 'no-live-ticket', rejected };
        const company = await companiesQueries.get(tx, conn.companyId);
        const body = callLogBody(call.isVideo, call.at, company?.timezone ?? 'America/Sao_Paulo', await languageOf(tx, conn.companyId));
        const row = await messagesRepo.insertOnce(tx, {
          companyId: conn.companyId,
          ticketId: ticket.id,
          contactId: contact.id,
          whatsappId: conn.id,
          waMessageId: call.id,
          body,
          fromMe: false,
          mediaType: 'call_log',
          createdAt: call.at,
        });
        if (!row) return { outcome: 'ignored', reason: 'duplicate', rejected };
        await ticketsQueries.touchAfterReceive(tx, conn.companyId, ticket.id, body);
        const dto = (await ticketsQueries.loadDto(tx, conn.companyId, ticket.id))!;
        stage({ type: 'message.created', companyId: conn.companyId, message: messagesRepo.toMessageDto(row), ticket: dto });
        stage({ type: 'ticket.updated', companyId: conn.companyId, ticket: dto });
        if (disabled) await sendCallsDisabled(unit, ticket, conn);
        return { outcome: 'logged', rejected, messageId: row.id, ticketId: ticket.id };
      });
    },

    /**
     * Subscribes the pipeline to every pipeline event of the channel (message, ack, edit, revoke,
     * reaction, call); returns one unsubscribe. Statuses stay with the session manager.
     */
    attachChannel(channel: WhatsAppChannel, conn: ConnectionFacts): () => void {
      const offs = [
        channel.on('message', async (m) => {
          await api.ingest(conn, m, channel);
        }),
        channel.on('ack', async (a) => {
          await api.applyAck(conn, a);
        }),
        channel.on('edit', async (e) => {
          await api.applyEdit(conn, e);
        }),
        channel.on('revoke', async (r) => {
          await api.applyRevoke(conn, r);
        }),
        channel.on('reaction', async (r) => {
          await api.applyReaction(conn, r);
        }),
        channel.on('call', async (c) => {
          await api.handleCall(conn, c, channel);
        }),
        channel.on('presence', async (p) => {
          await applyPresence(data, conn, p);
        }),
        channel.on('identity', async (ids) => {
          await learn(conn, ids);
        }),
        channel.on('identityChange', async (c) => {
          // Thrown on: the webhook job is retried (a change arrives once and must not be lost).
          await identities?.change(conn.companyId, c);
        }),
      ];
      return () => {
        for (const off of offs) off();
      };
    },

    /** Resolves once every download at receipt started so far has finished (saved or failed). */
    async mediaIdle(): Promise<void> {
      await mediaFetcher?.idle();
    },
  };
  return api;
};

export type Inbound = ReturnType<typeof createInbound>;
