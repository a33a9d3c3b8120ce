import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queueOptions, queues } from '../queues/queues.table';
import { whatsappQueues } from '../whatsapp/whatsapp.table';
import { tickets } from '../tickets/tickets.table';
import { messages } from '../messages/messages.table';
import { queueIntegrations } from '../queue-integrations/queue-integrations.table';
import { prompts } from '../prompts/prompts.table';
import { ticketEvents } from '../tickets/ticket-events.table';
import type { QueueConf } from './bot.decide';

export type TicketEventRow = typeof ticketEvents.$inferSelect;

type QueueRow = typeof queues.$inferSelect;

/** Queues with their whole option trees, in the order given. */
const withOptions = async (tx: Tx, companyId: number, qs: QueueRow[]): Promise<QueueConf[]> => {
  if (qs.length === 0) return [];
  const ids = qs.map((q) => q.id);
  const opts = await tx
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), sql`${queueOptions.queueId} = any(${sql.raw(`array[${ids.map(Number).join(',')}]::int[]`)})`))
    .orderBy(asc(queueOptions.id));
  return qs.map((q) => ({
    id: q.id,
    name: q.name,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    schedules: q.schedules,
    mediaPath: q.mediaPath,
    mediaName: q.mediaName,
    integrationId: q.integrationId,
    promptId: q.promptId,
    options: opts
      .filter((o) => o.queueId === q.id)
      .map((o) => ({ id: o.id, parentId: o.parentId, title: o.title, option: o.option, message: o.message, mediaPath: o.mediaPath, mediaName: o.mediaName })),
  }));
};

/** A connection's queues in `orderQueue` order (unnumbered last), each with its whole option tree. */
export const connectionQueues = async (tx: Tx, companyId: number, whatsappId: number): Promise<QueueConf[]> => {
  const qs = await tx
    .select({ q: queues })
    .from(whatsappQueues)
    .innerJoin(queues, and(eq(queues.companyId, whatsappQueues.companyId), eq(queues.id, whatsappQueues.queueId)))
    .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.id));
  return withOptions(tx, companyId, qs.map((r) => r.q));
};

/** One of the company's queues (any connection's), or undefined: a responder named a queue it does not have. */
export const queueConf = async (tx: Tx, companyId: number, queueId: number): Promise<QueueConf | undefined> =>
  (await withOptions(tx, companyId, await tx.select().from(queues).where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)))))[0];

/** The ticket, locked for this transaction: one bot turn at a time per ticket. */
export const lockTicket = async (tx: Tx, companyId: number, id: number) =>
  (await tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id))).for('update'))[0];

/** Did a turn for this inbound message already run on the ticket (a redelivered job)? */
export const turnDone = async (tx: Tx, companyId: number, ticketId: number, messageId: number): Promise<boolean> =>
  (
    await tx
      .select({ id: ticketEvents.id })
      .from(ticketEvents)
      .where(and(eq(ticketEvents.companyId, companyId), eq(ticketEvents.ticketId, ticketId), sql`${ticketEvents.detail}->>'messageId' = ${String(messageId)}`))
      .limit(1)
  ).length > 0;

/** A ticket's timeline, oldest first (bounded). */
export const list = async (tx: Tx, companyId: number, ticketId: number, limit = 500): Promise<TicketEventRow[]> =>
  (
    await tx
      .select()
      .from(ticketEvents)
      .where(and(eq(ticketEvents.companyId, companyId), eq(ticketEvents.ticketId, ticketId)))
      .orderBy(desc(ticketEvents.id))
      .limit(limit)
  ).reverse();

export const RATING_WINDOW_MS = 24 * 60 * 60_000;

/** The contact's latest closed ticket on this connection whose rating question is unanswered and under 24 h old. */
export const awaitingRating = async (tx: Tx, t: { companyId: number; contactId: number; whatsappId: number; id: number }, now: Date) =>
  (
    await tx
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, t.companyId),
          eq(tickets.contactId, t.contactId),
          eq(tickets.whatsappId, t.whatsappId),
          eq(tickets.status, 'closed'),
          sql`${tickets.ratedAt} is null`,
          sql`${tickets.ratingAskedAt} > ${new Date(now.getTime() - RATING_WINDOW_MS).toISOString()}::timestamptz`,
          sql`${tickets.id} <> ${t.id}`,
        ),
      )
      .orderBy(desc(tickets.ratingAskedAt))
      .limit(1)
      .for('update')
  )[0];

/** How long an earlier customer message without a bot.turn job yet may still get one (its process enqueues after its commit). */
export const ENQUEUE_GRACE_SECONDS = 10;

/**
 * Is an earlier customer message of this ticket still waiting for its bot turn (decision 0199)?
 * Its `bot.turn` job is unfinished (queued, retrying, or running — a running one may be waiting
 * for its responder), or it is a few seconds old and its job is not there yet (another process
 * commits a message, then enqueues). Read in the turn's transaction, under the ticket's lock.
 */
export const earlierTurnPending = async (tx: Tx, companyId: number, ticketId: number, messageId: number): Promise<boolean> => {
  const rows = await tx.execute<{ id: number }>(sql`
    select m.id from messages m
    where m.company_id = ${companyId} and m.ticket_id = ${ticketId} and m.id < ${messageId} and not m.from_me
      and m.created_at > now() - interval '1 hour'
      and (
        exists (select 1 from pgboss.job j where j.name = 'bot.turn' and j.state < 'completed' and (j.data->>'messageId')::bigint = m.id)
        or (m.created_at > now() - make_interval(secs => ${ENQUEUE_GRACE_SECONDS})
            and not exists (select 1 from pgboss.job j where j.name = 'bot.turn' and (j.data->>'messageId')::bigint = m.id))
      )
    limit 1`);
  return rows.length > 0;
};

/** A replay's read-only guarantee (decision 0202): the database refuses any write in this transaction. */
export const readOnly = async (tx: Tx): Promise<void> => {
  await tx.execute(sql`set transaction read only`);
};

export interface ConversationMessage {
  id: number;
  fromMe: boolean;
  automated: boolean;
  body: string;
  mediaType: string | null;
  mediaUrl: string | null;
  createdAt: Date;
}

/** A ticket's messages, oldest first, at most `limit` (a replay reads the first ones). */
export const conversation = (tx: Tx, companyId: number, ticketId: number, limit: number): Promise<ConversationMessage[]> =>
  tx
    .select({ id: messages.id, fromMe: messages.fromMe, automated: messages.automated, body: messages.body, mediaType: messages.mediaType, mediaUrl: messages.mediaUrl, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(limit);

/** How many customer messages the ticket has (the replay says when it read only the first ones). */
export const inboundCount = async (tx: Tx, companyId: number, ticketId: number): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false))))[0]?.n ?? 0;

/** An integration's / a prompt's name in the company (undefined: none such). The table's owners keep the SQL of every change. */
export const integrationName = async (tx: Tx, companyId: number, id: number): Promise<string | undefined> =>
  (await tx.select({ name: queueIntegrations.name }).from(queueIntegrations).where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id))))[0]?.name;

export const promptName = async (tx: Tx, companyId: number, id: number): Promise<string | undefined> =>
  (await tx.select({ name: prompts.name }).from(prompts).where(and(eq(prompts.companyId, companyId), eq(prompts.id, id))))[0]?.name;

/** The company's queue names (a replay names the queue a hand-off would go to). */
export const companyQueueNames = (tx: Tx, companyId: number): Promise<{ id: number; name: string }[]> =>
  tx.select({ id: queues.id, name: queues.name }).from(queues).where(eq(queues.companyId, companyId));
