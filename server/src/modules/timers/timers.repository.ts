import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** The three ticket timers of server-behaviour §4 and §6 (the `detail.timer` of their timeline rows). */
export type TimerKind = 'autoClose' | 'autoTransfer' | 'botTimeout';

/** A ticket a timer may fire on, found across companies (read only: the firing re-checks everything). */
export interface Candidate {
  companyId: number;
  ticketId: number;
}

/** A ticket a timer moved, with what it was before (the ticket event's `previous`). */
export type Fired = {
  ticketId: number;
  minutes: number;
  previousStatus: string;
  previousQueueId: number | null;
  /** auto-close: the connection's inactivity message; auto-transfer: the queue it went to. */
  expiresInactiveMessage: string;
  transferQueueId: number | null;
};

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Each timer's condition on a ticket `t` joined to its connection `w`, at `now`. The same text
 * selects candidates and guards the UPDATE, so a ticket an agent accepted, answered or moved
 * between the two is left alone. Every scan is per connection, in the order of the connection's
 * index (decision 0173; the partial indexes: scripts/bench/timers-indexes.ts).
 */
const conditions = (now: Date): Record<TimerKind, { enabled: SQL; ticket: SQL; order: SQL }> => ({
  // Silence after our last message on an open ticket: nothing from the customer since.
  autoClose: {
    enabled: sql`w.expires_ticket > 0`,
    ticket: sql`t.status = 'open' and t.last_from_me_at < ${now.toISOString()}::timestamptz - make_interval(mins => w.expires_ticket)
      and not exists (select 1 from messages m where m.ticket_id = t.id and m.company_id = t.company_id and m.created_at > t.last_from_me_at and not m.from_me)`,
    order: sql`t.last_from_me_at`,
  },
  // Waiting without a queue and without a person: the connection's transfer queue takes it.
  autoTransfer: {
    enabled: sql`w.time_to_transfer > 0 and w.transfer_queue_id is not null`,
    ticket: sql`t.status = 'pending' and t.queue_id is null and t.user_id is null
      and coalesce(t.queued_at, t.created_at) < ${now.toISOString()}::timestamptz - make_interval(mins => w.time_to_transfer)`,
    order: sql`coalesce(t.queued_at, t.created_at)`,
  },
  // Too long with the menu bot (not an external flow or an AI prompt, which keep their own clocks).
  botTimeout: {
    enabled: sql`w.time_use_bot_queues > 0`,
    ticket: sql`t.user_id is null and (t.status = 'attending' or (t.chatbot and t.status = 'pending'))
      and not t.use_integration and t.prompt_id is null
      and coalesce(t.bot_at, t.created_at) < ${now.toISOString()}::timestamptz - make_interval(mins => w.time_use_bot_queues)`,
    order: sql`coalesce(t.bot_at, t.created_at)`,
  },
});

/**
 * Up to `limit` tickets due for `kind`, across companies (run under `withSystem('timers:sweep')`):
 * per enabled connection, its oldest due tickets; nothing is locked.
 */
export const candidates = async (tx: Tx, kind: TimerKind, now: Date, limit: number): Promise<Candidate[]> => {
  const c = conditions(now)[kind];
  const n = sql.raw(String(Math.max(1, Math.floor(limit))));
  return tx.execute<{ companyId: number; ticketId: number }>(sql`
    select d.company_id as "companyId", d.id as "ticketId"
    from whatsapps w
    cross join lateral (
      select t.id, t.company_id from tickets t
      where t.company_id = w.company_id and t.whatsapp_id = w.id and ${c.ticket}
      order by ${c.order}
      limit ${n}
    ) d
    where ${c.enabled}
    limit ${n}`) as unknown as Promise<Candidate[]>;
};

/**
 * Locks the tickets among `ids` nobody else is changing right now (an agent's accept, a message
 * arriving): those are skipped and looked at again next run. In its own statement, so the guarded
 * UPDATE after it runs on a fresh snapshot with the rows already ours.
 */
const lock = async (tx: Tx, companyId: number, ids: number[]): Promise<number[]> =>
  (await tx.execute<{ id: number }>(sql`select id from tickets where company_id = ${companyId} and id = any(${intArray(ids)}) for update skip locked`)).map((r) => r.id);

/** What each timer writes, in the transition's terms (tickets.transitions.ts: close / transfer / return). */
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
 * Fires `kind` on the tickets among `ids` of one company that still meet its condition (checked
 * again here, on locked rows), and returns them with their state before.
 */
export const fire = async (tx: Tx, companyId: number, kind: TimerKind, ids: number[], now: Date): Promise<Fired[]> => {
  const mine = await lock(tx, companyId, ids);
  if (mine.length === 0) return [];
  const c = conditions(now)[kind];
  const minutes = { autoClose: sql`w.expires_ticket`, autoTransfer: sql`w.time_to_transfer`, botTimeout: sql`w.time_use_bot_queues` }[kind];
  return tx.execute<Fired>(sql`
    with before as (select id, status, queue_id from tickets where company_id = ${companyId} and id = any(${intArray(mine)}))
    update tickets t set ${changes(kind, now)}, updated_at = now()
    from whatsapps w, before b
    where t.company_id = ${companyId} and t.id = b.id and w.company_id = t.company_id and w.id = t.whatsapp_id
      and ${c.enabled} and ${c.ticket}
    returning t.id as "ticketId", ${minutes} as minutes, b.status as "previousStatus", b.queue_id as "previousQueueId",
      w.expires_inactive_message as "expiresInactiveMessage", w.transfer_queue_id as "transferQueueId"`) as unknown as Promise<Fired[]>;
};

/** The timeline rows of the firings (ticket_events, kind 'timer'; the bot module owns the table). */
export const recordEvents = async (tx: Tx, companyId: number, rows: { ticketId: number; detail: Record<string, unknown> }[]): Promise<void> => {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ticket_events (company_id, ticket_id, kind, detail)
    select ${companyId}, e.ticket_id, 'timer', e.detail
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ ticket_id: r.ticketId, detail: r.detail })))}::jsonb) as e(ticket_id int, detail jsonb)`);
};
