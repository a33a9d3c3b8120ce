/**
 * The assignment module's SQL: its own table (`assignment_agents`) and what it reads of tickets,
 * queues, users and messages to decide (reads only: the tickets change through the tickets
 * module's verbs).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Agent, WaitingTicket } from './assignment.pick';

/** The first key of the per-company claim lock (`pg_advisory_xact_lock(ASSIGNMENT_LOCK, companyId)`): 'ASG'. */
export const ASSIGNMENT_LOCK = 0x41_53_47;

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * One claim at a time per company, in the whole cluster (decision 0381): held until the
 * transaction ends, so what it read of agents' load is still true when it writes.
 */
export const lockCompany = async (tx: Tx, companyId: number): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${ASSIGNMENT_LOCK}::int, ${companyId}::int)`);
};

/**
 * The company's waiting tickets in queues that assign, oldest first, at most `limit`, locked for
 * this transaction; a ticket another transaction holds (an agent accepting it) is skipped.
 */
export const lockWaiting = async (tx: Tx, companyId: number, limit: number, ticketId?: number): Promise<(WaitingTicket & { reassignAfterMinutes: number | null })[]> => {
  const rows = await tx.execute<{ id: number; queueId: number; contactId: number; policy: WaitingTicket['policy']; capacity: number | null; reassignAfterMinutes: number | null }>(sql`
    select t.id, t.queue_id as "queueId", t.contact_id as "contactId", q.assignment as policy, q.agent_capacity as capacity, q.reassign_after_minutes as "reassignAfterMinutes"
    from tickets t join queues q on q.company_id = t.company_id and q.id = t.queue_id
    where t.company_id = ${companyId} and t.status = 'pending' and t.user_id is null and t.queue_id is not null
      and not t.chatbot and not t.is_group and q.assignment <> 'none'${ticketId ? sql` and t.id = ${ticketId}` : sql``}
    order by coalesce(t.queued_at, t.created_at), t.id
    limit ${limit}
    for update of t skip locked`);
  return rows.map((r) => ({ ...r, id: Number(r.id), queueId: Number(r.queueId), contactId: Number(r.contactId) }));
};

/**
 * Whether a waiting ticket other than `seen` exists: after a claim that locked fewer than its
 * batch, one another transaction held at that moment (a send touching it, an agent's accept).
 */
export const waitingBesides = async (tx: Tx, companyId: number, seen: number[]): Promise<boolean> => {
  const [row] = await tx.execute<{ yes: boolean }>(sql`
    select exists (select 1 from tickets t join queues q on q.company_id = t.company_id and q.id = t.queue_id
      where t.company_id = ${companyId} and t.status = 'pending' and t.user_id is null and t.queue_id is not null
        and not t.chatbot and not t.is_group and q.assignment <> 'none' and t.id <> all(${intArray(seen)})) as yes`);
  return !!row?.yes;
};

/**
 * The agents who may get tickets of `queueIds` now: members of the queue, online and not away,
 * with their open tickets and when each queue last gave them one. One Agent per user, shared
 * between their queues (their load is theirs, whatever the queue).
 */
export const agentsOf = async (tx: Tx, companyId: number, queueIds: number[], exceptUserId?: number): Promise<Map<number, Agent[]>> => {
  const byQueue = new Map<number, Agent[]>();
  if (queueIds.length === 0) return byQueue;
  const rows = await tx.execute<{ queueId: number; userId: number; maxTickets: number | null; open: number; lastAssignedAt: string | null }>(sql`
    select uq.queue_id as "queueId", u.id as "userId", u.max_tickets as "maxTickets",
      (select count(*)::int from tickets o where o.company_id = u.company_id and o.user_id = u.id and o.status = 'open') as open,
      a.last_assigned_at as "lastAssignedAt"
    from user_queues uq
    join users u on u.company_id = uq.company_id and u.id = uq.user_id
    left join assignment_agents a on a.company_id = uq.company_id and a.queue_id = uq.queue_id and a.user_id = u.id
    where uq.company_id = ${companyId} and uq.queue_id = any(${intArray(queueIds)}) and u.online and not u.away${exceptUserId ? sql` and u.id <> ${exceptUserId}` : sql``}`);
  const users = new Map<number, Agent>();
  for (const r of rows) {
    const userId = Number(r.userId);
    const agent = users.get(userId) ?? { userId, open: Number(r.open), maxTickets: r.maxTickets, lastAssigned: new Map<number, number>() };
    users.set(userId, agent);
    if (r.lastAssignedAt) agent.lastAssigned.set(Number(r.queueId), new Date(r.lastAssignedAt).getTime());
    byQueue.set(Number(r.queueId), [...(byQueue.get(Number(r.queueId)) ?? []), agent]);
  }
  return byQueue;
};

/** Each of `contactIds`' last agent: the agent of their newest ticket that had one. */
export const lastAgents = async (tx: Tx, companyId: number, contactIds: number[]): Promise<Map<number, number>> => {
  if (contactIds.length === 0) return new Map();
  const rows = await tx.execute<{ contactId: number; userId: number }>(sql`
    select distinct on (t.contact_id) t.contact_id as "contactId", t.user_id as "userId"
    from tickets t
    where t.company_id = ${companyId} and t.contact_id = any(${intArray([...new Set(contactIds)])}) and t.user_id is not null
    order by t.contact_id, t.id desc`);
  return new Map(rows.map((r) => [Number(r.contactId), Number(r.userId)]));
};

/** Remembers when each (queue, agent) was last given a ticket (round robin's order). */
export const touchAgents = async (tx: Tx, companyId: number, picks: { queueId: number; userId: number; at: number }[]): Promise<void> => {
  const latest = new Map<string, { queueId: number; userId: number; at: number }>();
  for (const p of picks) {
    const key = `${p.queueId}:${p.userId}`;
    if ((latest.get(key)?.at ?? -1) < p.at) latest.set(key, p);
  }
  if (latest.size === 0) return;
  const rows = [...latest.values()].map((p) => ({ q: p.queueId, u: p.userId, at: new Date(p.at).toISOString() }));
  await tx.execute(sql`
    insert into assignment_agents (company_id, queue_id, user_id, last_assigned_at)
    select ${companyId}, r.q, r.u, r.at from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(q int, u int, at timestamptz)
    on conflict (company_id, queue_id, user_id) do update set last_assigned_at = greatest(assignment_agents.last_assigned_at, excluded.last_assigned_at)`);
};

/** An assigned ticket as the reassign job finds it, locked; with its queue's settings. */
export const lockAssigned = async (tx: Tx, companyId: number, ticketId: number) => {
  const [row] = await tx.execute<{ status: string; userId: number | null; queueId: number | null; acceptedAt: string | null; policy: string | null; capacity: number | null; minutes: number | null }>(sql`
    select t.status, t.user_id as "userId", t.queue_id as "queueId", t.accepted_at as "acceptedAt", q.assignment as policy, q.agent_capacity as capacity, q.reassign_after_minutes as minutes
    from tickets t left join queues q on q.company_id = t.company_id and q.id = t.queue_id
    where t.company_id = ${companyId} and t.id = ${ticketId}
    for update of t`);
  return row;
};

/** Whether `userId` wrote to the customer on the ticket since `since` (an answer: the assignment stands). */
export const answeredSince = async (tx: Tx, companyId: number, ticketId: number, userId: number, since: Date): Promise<boolean> => {
  const [row] = await tx.execute<{ yes: boolean }>(sql`
    select exists (select 1 from messages m where m.company_id = ${companyId} and m.ticket_id = ${ticketId} and m.from_me and m.user_id = ${userId}
      and m.created_at >= ${since.toISOString()}::timestamptz) as yes`);
  return !!row?.yes;
};

/** Companies with tickets waiting in a queue that assigns (the sweep; across companies, under `assignment:sweep`). */
export const companiesWaiting = async (tx: Tx, limit: number): Promise<number[]> =>
  (
    await tx.execute<{ companyId: number }>(sql`
      select distinct t.company_id as "companyId" from tickets t join queues q on q.company_id = t.company_id and q.id = t.queue_id
      where t.status = 'pending' and t.user_id is null and not t.chatbot and not t.is_group and q.assignment <> 'none'
      limit ${limit}`)
  ).map((r) => Number(r.companyId));
