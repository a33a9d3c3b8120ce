import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';

import type { TimerKind } from '../tickets';

export type { TimerKind };

/** A ticket a timer may fire on, found across companies (read only: the firing re-checks everything). */
export interface Candidate {
  companyId: number;
  ticketId: number;
}

/**
 * Each timer's condition on a ticket `t` joined to its connection `w`, at `now`. The same text
 * selects candidates and guards the UPDATE, so a ticket an agent accepted, answered or moved
 * between the two is left alone. Every scan is per connection, in the order of the connection's
 * index (decision 0173; the partial indexes: scripts/bench/timers-indexes.ts).
 */
export const conditions = (now: Date): Record<TimerKind, { enabled: SQL; ticket: SQL; order: SQL }> => ({
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
