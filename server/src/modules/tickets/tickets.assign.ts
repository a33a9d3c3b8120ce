import { sql } from 'drizzle-orm';
import { statusesFor } from '@balcao/shared';
import type { Unit } from '../../db/tenant';
import * as repo from './tickets.repository';
import { recordEventsMany } from './ticket-events.repository';

/**
 * Whether a ticket waits for an agent in its queue (issue 30 §2): pending, nobody's, in a queue,
 * not in the bot's hands, not a group. Assignment gives such tickets to agents.
 */
export const isWaiting = (t: { status: string; userId: number | null; queueId: number | null; chatbot: boolean; isGroup: boolean }): boolean =>
  t.status === 'pending' && t.userId === null && t.queueId !== null && !t.chatbot && !t.isGroup;

type Waiting = Parameters<typeof isWaiting>[0];

/** Stages `ticket.waiting` when a change left the ticket waiting and it was not before (the assignment module hears it). */
export const stageIfWaiting = (unit: Unit, before: Waiting | undefined, after: (Waiting & { id: number; companyId: number }) | undefined): void => {
  if (!after || !isWaiting(after)) return;
  if (before && isWaiting(before) && before.queueId === after.queueId) return;
  unit.stage({ type: 'ticket.waiting', companyId: after.companyId, ticketId: after.id, queueId: after.queueId! });
};

/** One ticket for one agent, with what the timeline says of it (the policy, and why this agent). */
export interface AssignPick {
  ticketId: number;
  userId: number;
  detail: Record<string, unknown>;
}

const FROM = sql`${`{${statusesFor('accept').join(',')}}`}::text[]`;

/**
 * Assignment's accept (issue 30 §2; decision 0381): each waiting ticket among `picks` becomes
 * open with its agent, in one statement that re-checks it is still nobody's and in a status an
 * accept may leave; an `auto-assigned` timeline row each; the usual `ticket.updated` with where it
 * was. No greeting and no read receipts: nobody has opened the conversation yet. Returns the ids
 * assigned (a ticket someone took meanwhile is left out).
 */
export const assignMany = async (unit: Unit, companyId: number, picks: AssignPick[], now: Date): Promise<number[]> => {
  if (picks.length === 0) return [];
  const rows = await unit.tx.execute<{ id: number; queueId: number | null; status: string }>(sql`
    with p as (select * from jsonb_to_recordset(${JSON.stringify(picks.map((p) => ({ id: p.ticketId, user_id: p.userId })))}::jsonb) as p(id int, user_id int)),
    before as (select t.id, t.status from tickets t join p on p.id = t.id where t.company_id = ${companyId})
    update tickets t set status = 'open', user_id = p.user_id, accepted_at = ${now.toISOString()}::timestamptz, updated_at = now()
    from p, before b
    where t.company_id = ${companyId} and t.id = p.id and b.id = t.id and t.user_id is null and t.status = any(${FROM})
    returning t.id, t.queue_id as "queueId", b.status`);
  const done = new Map(rows.map((r) => [Number(r.id), r]));
  const kept = picks.filter((p) => done.has(p.ticketId));
  await recordEventsMany(unit.tx, companyId, 'auto-assigned', kept.map((p) => ({ ticketId: p.ticketId, detail: { userId: p.userId, ...p.detail } })));
  for (const dto of await repo.loadDtos(unit.tx, companyId, kept.map((p) => p.ticketId))) {
    const r = done.get(dto.id)!;
    unit.stage({ type: 'ticket.updated', companyId, ticket: dto, previous: { status: r.status, queueId: r.queueId, userId: null } });
  }
  return kept.map((p) => p.ticketId);
};

/**
 * The next agent for an assigned ticket nobody answered (issue 30 §2): from `fromUserId` to
 * `toUserId`, only while it is still that assignment (open, theirs, accepted at `assignedAt`); an
 * `auto-reassigned` timeline row. False when the ticket moved on meanwhile.
 */
export const reassign = async (
  unit: Unit,
  companyId: number,
  p: { ticketId: number; fromUserId: number; toUserId: number; assignedAt: Date; detail: Record<string, unknown> },
  now: Date,
): Promise<boolean> => {
  const [row] = await unit.tx.execute<{ id: number; queueId: number | null }>(sql`
    update tickets set user_id = ${p.toUserId}, accepted_at = ${now.toISOString()}::timestamptz, updated_at = now()
    where company_id = ${companyId} and id = ${p.ticketId} and status = 'open' and user_id = ${p.fromUserId} and accepted_at = ${p.assignedAt.toISOString()}::timestamptz
    returning id, queue_id as "queueId"`);
  if (!row) return false;
  await recordEventsMany(unit.tx, companyId, 'auto-reassigned', [{ ticketId: p.ticketId, detail: { from: p.fromUserId, userId: p.toUserId, ...p.detail } }]);
  const dto = await repo.loadDto(unit.tx, companyId, p.ticketId);
  if (dto) unit.stage({ type: 'ticket.updated', companyId, ticket: dto, previous: { status: 'open', queueId: row.queueId, userId: p.fromUserId } });
  return true;
};
