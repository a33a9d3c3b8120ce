import { and, asc, eq, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { MESSAGE_PAGE_SIZE, type MessageDto, type MessageReaction } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { messages } from './messages.table';

export type MessageRow = typeof messages.$inferSelect;

const MEDIA_PARTS = ['documentMessage', 'imageMessage', 'videoMessage', 'audioMessage', 'stickerMessage'] as const;

/**
 * A media message's size as the channel announced it, before the file is here: WhatsApp's
 * `fileLength` (a number, a numeric string, or a Long's { low, high }) in the stored raw
 * message, or the sandbox's `size`. Null when it says nothing.
 */
export const sizeInRaw = (raw: unknown): number | null => {
  const r = raw as { message?: Record<string, { fileLength?: unknown; message?: { documentMessage?: { fileLength?: unknown } } } | undefined>; sandbox?: { size?: unknown } } | null;
  if (!r || typeof r !== 'object') return null;
  const m = r.message ?? {};
  const length = MEDIA_PARTS.map((k) => m[k]?.fileLength).find((v) => v != null) ?? m.documentWithCaptionMessage?.message?.documentMessage?.fileLength ?? r.sandbox?.size;
  const long = typeof length === 'object' && length !== null ? (length as { low?: number; high?: number }) : undefined;
  const n = long ? ((long.low ?? 0) >>> 0) + (long.high ?? 0) * 2 ** 32 : Number(length);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export const toMessageDto = (m: MessageRow, quoted?: MessageRow | null): MessageDto => ({
  id: m.id,
  ticketId: m.ticketId,
  contactId: m.contactId,
  waMessageId: m.waMessageId,
  body: m.body,
  fromMe: m.fromMe,
  ack: m.ack,
  read: m.read,
  mediaType: m.mediaType,
  mediaUrl: m.mediaUrl,
  mediaSize: m.mediaSize ?? (m.mediaType ? sizeInRaw(m.raw) : null),
  isDeleted: m.isDeleted,
  isEdited: m.isEdited,
  isForwarded: m.isForwarded,
  automated: m.automated,
  errorCode: m.errorCode,
  errorDetail: m.errorDetail,
  quotedMsg: quoted ? { id: quoted.id, body: quoted.body, fromMe: quoted.fromMe, mediaType: quoted.mediaType } : null,
  reactions: m.reactions,
  userId: m.userId,
  whatsappId: m.whatsappId,
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
});

/** The channel's message (by connection + channel id) within the company, or nothing. */
const byChannelId = (companyId: number, whatsappId: number, waMessageId: string) =>
  and(eq(messages.companyId, companyId), eq(messages.whatsappId, whatsappId), eq(messages.waMessageId, waMessageId));

/** The ticket's automated messages (greetings, notices) written since `since`, newest first. */
export const recentAutomated = async (tx: Tx, companyId: number, ticketId: number, since: Date): Promise<MessageRow[]> =>
  tx
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.automated, true), gte(messages.createdAt, since)))
    .orderBy(sql`${messages.createdAt} desc`);

/**
 * When the customer last wrote on this connection (any of their tickets there): the start of
 * the Cloud API's customer-service window (decision 0391). Read through the tickets' index on
 * (ticket, created_at desc), newest first.
 */
export const lastInboundAt = async (tx: Tx, companyId: number, contactId: number, whatsappId: number): Promise<Date | undefined> => {
  const [r] = await tx.execute<{ at: string | Date }>(sql`
    select m.created_at as at from messages m
    where m.company_id = ${companyId} and not m.from_me
      and m.ticket_id in (select t.id from tickets t where t.company_id = ${companyId} and t.contact_id = ${contactId} and t.whatsapp_id = ${whatsappId})
    order by m.created_at desc limit 1`);
  return r ? new Date(r.at) : undefined;
};

export const get = async (tx: Tx, companyId: number, id: number): Promise<MessageRow | undefined> =>
  (await tx.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.id, id))).limit(1))[0];

export const getByWaId = async (tx: Tx, companyId: number, whatsappId: number, waMessageId: string): Promise<MessageRow | undefined> =>
  (await tx.select().from(messages).where(byChannelId(companyId, whatsappId, waMessageId)).limit(1))[0];

export const withQuoted = async (tx: Tx, companyId: number, rows: MessageRow[]): Promise<MessageDto[]> => {
  const quotedIds = [...new Set(rows.map((r) => r.quotedMsgId).filter((id): id is number => id != null))];
  const quoted = quotedIds.length
    ? await tx.select().from(messages).where(and(eq(messages.companyId, companyId), inArray(messages.id, quotedIds)))
    : [];
  const byId = new Map(quoted.map((q) => [q.id, q]));
  return rows.map((r) => toMessageDto(r, r.quotedMsgId != null ? byId.get(r.quotedMsgId) : null));
};

/**
 * A page of the conversation: this ticket and the contact's earlier tickets on the same
 * connection (history shows above, with a marker per ticket). Newest page first; rows ascending.
 *
 * The page's ids come from each ticket's newest rows through `messages_ticket_created` (a
 * LATERAL top-N per ticket, then merged), so the first page of a 10,000-message conversation
 * reads ~41 index entries per ticket instead of sorting all of them (issue 9 bench).
 */
export const history = async (tx: Tx, companyId: number, ticketId: number, page: number) => {
  // The ticket's own contact and connection come from the row itself, so this runs alongside
  // the caller's visibility checks (the caller discards it when the ticket is not the actor's).
  const scope = sql`select id from tickets where company_id = ${companyId} and id <= ${ticketId}
    and (contact_id, whatsapp_id) = (select contact_id, whatsapp_id from tickets where company_id = ${companyId} and id = ${ticketId})`;
  const offset = (page - 1) * MESSAGE_PAGE_SIZE;
  const perTicket = offset + MESSAGE_PAGE_SIZE + 1;
  const pageIds = sql`
    select m.id from (${scope}) t
    cross join lateral (
      select id, created_at from messages
      where company_id = ${companyId} and ticket_id = t.id
      order by created_at desc nulls last, id desc nulls last
      limit ${perTicket}
    ) m
    order by m.created_at desc nulls last, m.id desc nulls last
    limit ${MESSAGE_PAGE_SIZE + 1} offset ${offset}`;
  const counted = (where: SQL) => sql<number>`(select count(*)::int from messages where company_id = ${companyId} and ${where})`;
  const total = counted(sql`ticket_id = any(array(${scope}))`);
  // One round trip: the page's rows (re-ordered below; never the bulky raw copy) and, on each,
  // the conversation's count.
  const { raw: _raw, ...columns } = getTableColumns(messages);
  const found = await tx
    .select({ m: columns, total })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), sql`${messages.id} in (${pageIds})`));
  const rows = found.map((r) => ({ ...r.m, raw: null }) as MessageRow).sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || y.id - x.id);
  const count = found.length ? found[0]!.total : ((await tx.select({ n: total }).from(sql`(select 1) one`))[0]?.n ?? 0);
  const pageRows = rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
  return {
    messages: await withQuoted(tx, companyId, pageRows),
    count,
    hasMore: rows.length > MESSAGE_PAGE_SIZE,
    ticketIds: [...new Set(pageRows.map((r) => r.ticketId))],
  };
};

/** Our edit of our own message: new body, edited (a deleted one is not edited). */
export const setEdited = async (tx: Tx, companyId: number, id: number, body: string): Promise<MessageRow | undefined> =>
  (
    await tx
      .update(messages)
      .set({ body, isEdited: true, updatedAt: new Date() })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id), eq(messages.isDeleted, false)))
      .returning()
  )[0];

/** We deleted our message for everyone (the body stays: the author may still see what it said). */
export const setDeleted = async (tx: Tx, companyId: number, id: number): Promise<MessageRow | undefined> =>
  (await tx.update(messages).set({ isDeleted: true, updatedAt: new Date() }).where(and(eq(messages.companyId, companyId), eq(messages.id, id))).returning())[0];

/**
 * Our reaction on a message (ours or the customer's): one per WhatsApp account, so it replaces
 * every `fromMe` entry; '' removes it. One statement, like the channel's reactions.
 */
export const setOwnReaction = async (tx: Tx, companyId: number, id: number, emoji: string, from: string): Promise<MessageRow | undefined> => {
  const added = emoji ? JSON.stringify([{ emoji, fromMe: true, from }]) : '[]';
  return (
    await tx
      .update(messages)
      .set({
        reactions: sql`coalesce((select jsonb_agg(x) from jsonb_array_elements(${messages.reactions}) x where not (x->>'fromMe')::boolean), '[]'::jsonb) || ${added}::jsonb`,
        updatedAt: new Date(),
      })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .returning()
  )[0];
};

/** An edit, delete or reaction of ours could not reach WhatsApp: its code shows on the message. */
export const setActionError = async (tx: Tx, companyId: number, id: number, errorCode: string): Promise<MessageRow | undefined> =>
  (await tx.update(messages).set({ errorCode, updatedAt: new Date() }).where(and(eq(messages.companyId, companyId), eq(messages.id, id))).returning())[0];

/** The message a device sent with this client id (the outbox's retry), if any. */
export const byClientId = async (tx: Tx, companyId: number, clientId: string): Promise<MessageRow | undefined> =>
  (await tx.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.clientId, clientId))).limit(1))[0];

/**
 * Serialises the sends of one client id until the transaction ends: a concurrent retry waits,
 * then finds the first one's message (READ COMMITTED: its next statement sees the commit).
 */
export const lockClientId = async (tx: Tx, companyId: number, clientId: string): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`message.client|${companyId}|${clientId}`}))`);
};

export const insert = async (tx: Tx, row: typeof messages.$inferInsert): Promise<MessageRow> => (await tx.insert(messages).values(row).returning())[0]!;

/** What `insertMany` stores per row (our outgoing messages: the rest take their defaults). */
export type OutgoingRow = Pick<
  typeof messages.$inferInsert,
  'ticketId' | 'contactId' | 'whatsappId' | 'waMessageId' | 'userId' | 'body' | 'fromMe' | 'ack' | 'read' | 'automated' | 'quotedMsgId' | 'mediaType' | 'mediaUrl' | 'mediaSize' | 'isForwarded' | 'clientId'
>;

/**
 * Several of one company's rows in one statement, returned in the order given. The rows travel as
 * one JSON parameter, so the statement's text (prepared per connection) is the same for any count.
 */
export const insertMany = async (tx: Tx, companyId: number, rows: OutgoingRow[]): Promise<MessageRow[]> => {
  if (rows.length === 0) return [];
  const json = rows.map((r, n) => ({
    n,
    ticket_id: r.ticketId,
    contact_id: r.contactId ?? null,
    whatsapp_id: r.whatsappId,
    wa_message_id: r.waMessageId,
    user_id: r.userId ?? null,
    body: r.body ?? '',
    from_me: r.fromMe ?? false,
    ack: r.ack ?? 0,
    read: r.read ?? false,
    automated: r.automated ?? false,
    quoted_msg_id: r.quotedMsgId ?? null,
    media_type: r.mediaType ?? null,
    media_url: r.mediaUrl ?? null,
    media_size: r.mediaSize ?? null,
    is_forwarded: r.isForwarded ?? false,
    client_id: r.clientId ?? null,
  }));
  // Ids are drawn in the rows' order (n), as N single inserts would draw them.
  const inserted = await tx.execute<{ id: number; wa_message_id: string }>(sql`
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wa_message_id, user_id, body, from_me, ack, read, automated,
      quoted_msg_id, media_type, media_url, media_size, is_forwarded, client_id)
    select ${companyId}, r.ticket_id, r.contact_id, r.whatsapp_id, r.wa_message_id, r.user_id, r.body, r.from_me, r.ack, r.read, r.automated,
      r.quoted_msg_id, r.media_type, r.media_url, r.media_size, r.is_forwarded, r.client_id
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(n int, ticket_id int, contact_id int, whatsapp_id int, wa_message_id text,
      user_id int, body text, from_me boolean, ack int, read boolean, automated boolean, quoted_msg_id int, media_type text, media_url text,
      media_size bigint, is_forwarded boolean, client_id uuid)
    order by r.n
    returning id, wa_message_id`);
  const ids = inserted.map((r) => Number(r.id));
  const stored = await tx.select().from(messages).where(and(eq(messages.companyId, companyId), sql`${messages.id} = any(${`{${ids.join(',')}}`}::int[])`));
  const byWaId = new Map(stored.map((m) => [`${m.whatsappId}|${m.waMessageId}`, m]));
  return rows.map((r) => byWaId.get(`${r.whatsappId}|${r.waMessageId}`)!);
};

/**
 * Whether an earlier outgoing message of the same ticket *and the same transaction* (the files of
 * one send, a greeting and the notice after it: one `created_at`) is still unsent (issue 28 §5):
 * they must reach the phone in the order written, even while the first one's send is retried.
 * Only the same transaction: its jobs were queued together, so the earlier one's send is certain
 * to come (sent, or failed for good) — a message of another moment can never hold this one back.
 */
export const earlierUnsent = async (tx: Tx, m: Pick<MessageRow, 'companyId' | 'ticketId' | 'id'>): Promise<boolean> => {
  const [r] = await tx.execute<{ waits: boolean }>(sql`
    select exists(
      select 1 from messages e
      where e.company_id = ${m.companyId} and e.ticket_id = ${m.ticketId} and e.id < ${m.id}
        and e.created_at = (select x.created_at from messages x where x.company_id = ${m.companyId} and x.id = ${m.id})
        and e.from_me and e.ack = 0 and not e.is_deleted) as waits`);
  return r?.waits === true;
};

/**
 * An unsent message moved to the connection that will carry it (a ticket's Cloud fallback,
 * decision 0413): only while still unsent and still on `from`, so two workers cannot both move it.
 */
export const moveToCarrier = async (tx: Tx, companyId: number, id: number, from: number, to: number): Promise<MessageRow | undefined> =>
  (
    await tx
      .update(messages)
      .set({ whatsappId: to, errorCode: null, updatedAt: new Date() })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id), eq(messages.whatsappId, from), eq(messages.ack, 0)))
      .returning()
  )[0];

/**
 * Acks only move forward (a late "delivered" never hides "read"); -1 records a failure, with the
 * channel's reason when it gave one (`errorDetail`, cut to the column's 500 characters).
 */
export const applyAck = async (tx: Tx, companyId: number, whatsappId: number, waMessageId: string, ack: number, errorCode?: string, errorDetail?: string): Promise<MessageRow | undefined> =>
  (
    await tx
      .update(messages)
      .set({ ack: ack < 0 ? ack : sql`greatest(${messages.ack}, ${ack})`, errorCode: errorCode ?? null, errorDetail: (ack < 0 && errorDetail?.slice(0, 500)) || null, updatedAt: new Date() })
      // A failure is final: a later positive ack (the send job's own "sent", which can come after
      // a Cloud status already said "failed") never lifts the message back and clears its reason.
      .where(and(byChannelId(companyId, whatsappId, waMessageId), ack < 0 ? sql`true` : sql`${messages.ack} >= 0 and ${messages.ack} < ${ack}`))
      .returning()
  )[0];

/** The sender edited a message: its body is replaced. Unknown ids update nothing. */
export const applyEdit = async (tx: Tx, companyId: number, whatsappId: number, waMessageId: string, body: string): Promise<MessageRow | undefined> =>
  (
    await tx
      .update(messages)
      .set({ body, isEdited: true, updatedAt: new Date() })
      .where(and(byChannelId(companyId, whatsappId, waMessageId), eq(messages.isDeleted, false)))
      .returning()
  )[0];

/** The contact deleted their message for everyone: only their own (incoming) messages. */
export const applyRevoke = async (tx: Tx, companyId: number, whatsappId: number, waMessageId: string, body: string): Promise<MessageRow | undefined> =>
  (
    await tx
      .update(messages)
      .set({ body, isDeleted: true, updatedAt: new Date() })
      .where(and(byChannelId(companyId, whatsappId, waMessageId), eq(messages.fromMe, false)))
      .returning()
  )[0];

/**
 * One reaction per reactor (`from` + `fromMe`): a new emoji replaces theirs, '' removes it.
 * One statement, so two reactions arriving together cannot lose each other.
 */
export const applyReaction = async (tx: Tx, companyId: number, whatsappId: number, targetWaMessageId: string, r: MessageReaction): Promise<MessageRow | undefined> => {
  const added = r.emoji ? JSON.stringify([{ emoji: r.emoji, fromMe: r.fromMe, from: r.from }]) : '[]';
  return (
    await tx
      .update(messages)
      .set({
        reactions: sql`coalesce((select jsonb_agg(x) from jsonb_array_elements(${messages.reactions}) x
          where not (x->>'from' = ${r.from} and (x->>'fromMe')::boolean = ${r.fromMe})), '[]'::jsonb) || ${added}::jsonb`,
        updatedAt: new Date(),
      })
      .where(byChannelId(companyId, whatsappId, targetWaMessageId))
      .returning()
  )[0];
};

/** Inserts unless the channel id is already stored on the connection (a redelivered event). */
export const insertOnce = async (tx: Tx, row: typeof messages.$inferInsert): Promise<MessageRow | undefined> =>
  (await tx.insert(messages).values(row).onConflictDoNothing({ target: [messages.whatsappId, messages.waMessageId] }).returning())[0];

/**
 * The channel took our message: its own copy (`SentRef.raw`) is kept, an earlier try's error
 * cleared — unless a status already failed it (a Cloud "failed" can come before the send's own
 * answer is stored): that failure and its reason stay.
 */
export const setSent = async (tx: Tx, companyId: number, whatsappId: number, waMessageId: string, raw: unknown): Promise<void> => {
  await tx
    .update(messages)
    .set({ raw: raw ?? null, errorCode: sql`case when ${messages.ack} < 0 then ${messages.errorCode} end`, errorDetail: sql`case when ${messages.ack} < 0 then ${messages.errorDetail} end`, updatedAt: new Date() })
    .where(byChannelId(companyId, whatsappId, waMessageId));
};

/** A send attempt failed and will be retried: the code shows while the message is still pending. */
export const setSendError = async (tx: Tx, companyId: number, whatsappId: number, waMessageId: string, errorCode: string): Promise<MessageRow | undefined> =>
  (
    await tx
      .update(messages)
      .set({ errorCode, updatedAt: new Date() })
      .where(and(byChannelId(companyId, whatsappId, waMessageId), eq(messages.ack, 0), sql`${messages.errorCode} is distinct from ${errorCode}`))
      .returning()
  )[0];

/** The channel's own copy of a message of the connection (WhatsApp's retry requests ask for it), or undefined. */
export const rawByWaId = async (tx: Tx, companyId: number, whatsappId: number, waMessageId: string): Promise<unknown> =>
  (await tx.select({ raw: messages.raw }).from(messages).where(byChannelId(companyId, whatsappId, waMessageId)).limit(1))[0]?.raw ?? undefined;

/** An inbound message's media arrived: the first stored file wins (a retry racing the first try loses). */
export const setMediaUrl = async (tx: Tx, companyId: number, id: number, mediaUrl: string, mediaSize?: number): Promise<MessageRow | undefined> =>
  (
    await tx
      .update(messages)
      .set({ mediaUrl, ...(mediaSize !== undefined ? { mediaSize } : {}), errorCode: null, updatedAt: new Date() })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id), sql`${messages.mediaUrl} is null`))
      .returning()
  )[0];

/** The media could not be downloaded (yet): the message stays, with the error code. */
export const setMediaError = async (tx: Tx, companyId: number, id: number, errorCode: string): Promise<MessageRow | undefined> =>
  (
    await tx
      .update(messages)
      .set({ errorCode, updatedAt: new Date() })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id), sql`${messages.mediaUrl} is null`, sql`${messages.errorCode} is distinct from ${errorCode}`))
      .returning()
  )[0];

/** The customer's messages on a ticket not yet marked read on WhatsApp (oldest first, bounded). */
export const unreadInbound = async (tx: Tx, companyId: number, ticketId: number, limit: number): Promise<MessageRow[]> =>
  tx
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false), eq(messages.read, false)))
    .orderBy(asc(messages.id))
    .limit(limit);

/** These messages now show blue ticks on the customer's phone. */
export const setReadOnNetwork = async (tx: Tx, companyId: number, ids: number[]): Promise<void> => {
  if (ids.length) await tx.update(messages).set({ read: true }).where(and(eq(messages.companyId, companyId), inArray(messages.id, ids)));
};

/** Moves one message to another ticket of the company (a rating answer to the ticket it rates); true when `from` has no message left. */
export const moveToTicket = async (tx: Tx, companyId: number, messageId: number, from: number, to: number): Promise<boolean> => {
  await tx.update(messages).set({ ticketId: to }).where(and(eq(messages.companyId, companyId), eq(messages.id, messageId), eq(messages.ticketId, from)));
  const left = await tx.select({ id: messages.id }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.ticketId, from))).limit(1);
  return left.length === 0;
};

/**
 * A merged contact's messages become the kept one's (contact merge, decision 0360): every message
 * of the company that names `from` — on its own tickets and as a participant of a group's. How many moved.
 */
export const moveContact = async (tx: Tx, companyId: number, from: number, to: number): Promise<number> =>
  (await tx.update(messages).set({ contactId: to }).where(and(eq(messages.companyId, companyId), eq(messages.contactId, from))).returning({ id: messages.id })).length;
