import { sql, type SQL } from 'drizzle-orm';
import { statusesFor, type TicketAction } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Unit } from '../../db/tenant';

/** The three ticket timers of server-behaviour §4 and §6 (the `detail.timer` of their timeline rows). */
export type TimerKind = 'autoClose' | 'autoTransfer' | 'botTimeout';

/** A ticket a timer moved, with what it was before (the timeline row's `from`). */
export type TimedTicket = {
  ticketId: number;
  minutes: number;
  previousStatus: string;
  previousQueueId: number | null;
  /** auto-close: the connection's inactivity message; auto-transfer: the queue it went to. */
  expiresInactiveMessage: string;
  transferQueueId: number | null;
  /** Left waiting for an agent in its queue (tickets.assign.ts isWaiting): `ticket.waiting` was staged. */
  waiting: boolean;
  queueId: number | null;
};

/**
 * When a timer's guard holds (the timers module decides that): `enabled` on the ticket's
 * connection `w`, `ticket` on the ticket `t`. The guard runs again on the locked rows, so a ticket
 * an agent accepted, answered or moved meanwhile is left alone.
 */
export interface TimerGuard {
  enabled: SQL;
  ticket: SQL;
}

/** Each timer is one of the transition table's actions: it fires only from that action's statuses. */
const ACTION: Record<TimerKind, TicketAction> = { autoClose: 'close', autoTransfer: 'transfer', botTimeout: 'transfer' };

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Locks the tickets among `ids` nobody else is changing right now (an agent's accept, a message
 * arriving): those are skipped and looked at again next run. In its own statement, so the guarded
 * UPDATE after it runs on a fresh snapshot with the rows already ours.
 */
const lock = async (tx: Tx, companyId: number, ids: number[]): Promise<number[]> =>
  (await tx.execute<{ id: number }>(sql`select id from tickets where company_id = ${companyId} and id = any(${intArray(ids)}) for update skip locked`)).map((r) => r.id);

/** What each timer writes, in the transitions' terms (tickets.transitions.ts: close / transfer to a queue / off the bot). */
const changes = (kind: TimerKind, now: Date): SQL => {
  switch (kind) {
    case 'autoClose':
      return sql`status = 'closed', closed_at = ${now.toISOString()}::timestamptz, chatbot = false, use_integration = false, prompt_id = null, integration_id = null`;
    case 'autoTransfer':
      return sql`queue_id = w.transfer_queue_id, queued_at = ${now.toISOString()}::timestamptz`;
    case 'botTimeout':
      return sql`status = 'pending', chatbot = false, bot_option_id = null, queued_at = ${now.toISOString()}::timestamptz`;
  }
};

/**
 * The set-based form of a timer's transition (issue 27 §1: every change of a ticket's status,
 * queue or agent is the tickets module's): on the tickets among `ids` of one company that still
 * meet `guard` and the transition table, in one statement; returns them with their state before.
 * The caller records the timeline (`recordEventsMany`) and announces them.
 */
export const fireTimer = async (unit: Unit, companyId: number, kind: TimerKind, ids: number[], now: Date, guard: TimerGuard): Promise<TimedTicket[]> => {
  const { tx } = unit;
  const mine = await lock(tx, companyId, ids);
  if (mine.length === 0) return [];
  const minutes = { autoClose: sql`w.expires_ticket`, autoTransfer: sql`w.time_to_transfer`, botTimeout: sql`w.time_use_bot_queues` }[kind];
  const from = sql`${`{${statusesFor(ACTION[kind]).join(',')}}`}::text[]`;
  const fired = (await tx.execute<TimedTicket>(sql`
    with before as (select id, status, queue_id from tickets where company_id = ${companyId} and id = any(${intArray(mine)}))
    update tickets t set ${changes(kind, now)}, updated_at = now()
    from whatsapps w, before b
    where t.company_id = ${companyId} and t.id = b.id and w.company_id = t.company_id and w.id = t.whatsapp_id
      and t.status = any(${from}) and ${guard.enabled} and ${guard.ticket}
    returning t.id as "ticketId", ${minutes} as minutes, b.status as "previousStatus", b.queue_id as "previousQueueId",
      w.expires_inactive_message as "expiresInactiveMessage", w.transfer_queue_id as "transferQueueId", t.queue_id as "queueId",
      (t.status = 'pending' and t.user_id is null and t.queue_id is not null and not t.chatbot and not t.is_group) as waiting`)) as unknown as TimedTicket[];
  // A transfer or the bot's timeout that left a ticket waiting in a queue: assignment may give it to an agent.
  for (const f of fired) if (f.waiting) unit.stage({ type: 'ticket.waiting', companyId, ticketId: f.ticketId, queueId: f.queueId! });
  return fired;
};
