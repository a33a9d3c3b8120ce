/**
 * Ticket visibility, one unit (server-behaviour §3; decision 0030): who may see a ticket, the
 * same rule as SQL for lists, search and resync, and the socket rooms it implies. The three
 * must agree; server/test/integration/visibility-agreement.test.ts checks every combination.
 *
 * - admins see every ticket of their company;
 * - supervisors see every ticket of their queues, plus their own;
 * - users see their own, the unassigned tickets of their queues and, with allTicket enabled,
 *   the unassigned tickets without a queue (supervisors too).
 * Status does not matter: a closed ticket stays visible to whoever could see it open.
 */
import { sql, type SQL } from 'drizzle-orm';
import { canSeeTicket, type Actor, type TicketVisibilityFacts } from '@balcao/shared';
import { rooms } from '../../infra/rooms';
import { tickets } from './tickets.table';

export type { Actor, TicketVisibilityFacts };

/** The predicate: pure, from the actor's facts (users.repository actorFacts) and the ticket's. */
export const canSee = (actor: Actor, t: { userId: number | null; queueId: number | null; status: string }): boolean =>
  canSeeTicket(actor, t as TicketVisibilityFacts);

/**
 * The predicate as a condition on `tickets`, for one statement: the user's queues and allTicket
 * are read by subqueries (no round trip to fetch them first). Admins: no condition.
 */
export const visibleSql = (actor: { id: number; profile: Actor['profile'] }): SQL | undefined => {
  if (actor.profile === 'admin') return undefined;
  // `= any(array(…))`, not `in (select …)`: the queue ids are read once, as an array, and the
  // partial index on unassigned tickets (company, status, queue) takes them as a condition; an IN
  // subquery was a filter over every unassigned ticket of the status (3,000 read for 1,000 kept).
  const myQueues = sql`any(array(select uq.queue_id from user_queues uq where uq.user_id = ${actor.id}))`;
  return sql`(${tickets.userId} = ${actor.id}
    or (${tickets.userId} is null and ${tickets.queueId} = ${myQueues})
    ${actor.profile === 'supervisor' ? sql`or ${tickets.queueId} = ${myQueues}` : sql``}
    or (${tickets.userId} is null and ${tickets.queueId} is null
        and exists (select 1 from users u where u.id = ${actor.id} and u.all_ticket = 'enabled')))`;
};

/** The rooms a user's sockets join at connect: one per branch of the predicate that may admit them. */
export const actorRooms = (companyId: number, actor: Actor): string[] => {
  const list = [rooms.company(companyId), rooms.user(actor.id)];
  if (actor.profile === 'admin') return [...list, rooms.admins(companyId)];
  for (const q of actor.queueIds) list.push(rooms.queue(q));
  if (actor.profile === 'supervisor') for (const q of actor.queueIds) list.push(rooms.queueSupervisors(q));
  if (actor.allTicket === 'enabled') list.push(rooms.noQueue(companyId));
  return list;
};

/** Exactly the rooms whose members may see a ticket in this state: a ticket event goes to these. */
export const ticketRooms = (companyId: number, t: { userId: number | null; queueId: number | null }): string[] => {
  const out = [rooms.admins(companyId)];
  if (t.userId != null) out.push(rooms.user(t.userId));
  if (t.queueId != null) out.push(rooms.queueSupervisors(t.queueId));
  if (t.userId == null) out.push(t.queueId != null ? rooms.queue(t.queueId) : rooms.noQueue(companyId));
  return out;
};
