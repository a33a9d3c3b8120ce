import { and, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Actor, ListTicketsQuery, TicketDto, TicketStatus } from '@balcao/shared';
import { can, TICKET_PAGE_SIZE } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { likeOf } from '../../db/paging';
import { ticketCounts, tickets } from './tickets.table';
import { visibleSql } from './visibility';

export type TicketRow = typeof tickets.$inferSelect;

/** The ticket_dtos view (drizzle/policies/15-ticket-json.sql) returns PostgreSQL's timestamp text. */
export const ticketFromJson = (t: TicketDto): TicketDto => {
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return { ...t, createdAt: iso(t.createdAt)!, updatedAt: iso(t.updatedAt)!, queuedAt: iso(t.queuedAt), acceptedAt: iso(t.acceptedAt), closedAt: iso(t.closedAt) };
};

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Full DTOs for ids, in the order of `ids`, built by SQL. The ids go as one array parameter:
 * a prepared statement with an IN list of varying length would get a poor generic plan.
 */
export const loadDtos = async (tx: Tx, companyId: number, ids: number[]): Promise<TicketDto[]> => {
  if (ids.length === 0) return [];
  const rows = await tx.execute<{ dto: TicketDto }>(sql`
    select v.dto from unnest(${intArray(ids)}) with ordinality as page(id, n)
    join ticket_dtos v on v.id = page.id and v.company_id = ${companyId}
    order by page.n`);
  return rows.map((r) => r.dto).filter((d): d is TicketDto => !!d).map(ticketFromJson);
};

export const loadDto = async (tx: Tx, companyId: number, id: number): Promise<TicketDto | undefined> => (await loadDtos(tx, companyId, [id]))[0];

export const get = async (tx: Tx, companyId: number, id: number): Promise<TicketRow | undefined> =>
  (await tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id))).limit(1))[0];

/** Several of one company's tickets at once (a timer batch), in no particular order. */
export const getMany = async (tx: Tx, companyId: number, ids: number[]): Promise<TicketRow[]> =>
  ids.length === 0 ? [] : tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids)));

export const getByUuid = async (tx: Tx, companyId: number, uuid: string): Promise<TicketRow | undefined> =>
  (await tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid))).limit(1))[0];

export const findLive = async (tx: Tx, companyId: number, contactId: number, whatsappId: number): Promise<TicketRow | undefined> =>
  (
    await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId), sql`${tickets.status} <> 'closed'`))
      .limit(1)
  )[0];

// "nulls last" matches the indexes (drizzle creates DESC NULLS LAST); a plain DESC would not,
// and PostgreSQL would sort every matching row instead of reading the first page off the index.
const newestFirst = [sql`${tickets.updatedAt} desc nulls last`, sql`${tickets.id} desc nulls last`];

/** Words of a search: letters and digits only (nothing to_tsquery could read as an operator). */
export const searchWords = (term: string): string[] => term.normalize('NFC').split(/[^\p{L}\p{Nd}]+/u).filter((w) => w !== '').slice(0, 8);

/**
 * A ticket matches a search (decision 0071) when its contact's name contains the text (accents
 * and case folded by `balcao_fold`), its contact's number contains the digits typed (when the
 * text looks like a phone number), or any of its messages holds every word as a word or the
 * start of one ("acao" finds "ação"). The candidates come from `balcao_search_tickets`
 * (drizzle/policies/35-search-function.sql), which can use the indexes row-level security
 * would bar; the list still applies visibility and every filter to them.
 */
const searchSql = (term: string): SQL | undefined => {
  const text = term.trim();
  if (!text) return undefined;
  const like = likeOf(text);
  const digits = /^[\d\s()+.-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const words = searchWords(text).map((w) => `${w}:*`).join(' & ');
  return sql`balcao_search_tickets(${words}, ${like}, ${digits ? `%${digits}%` : ''})`;
};

/**
 * How many tickets the company has (in `status`), from the kept counts (decision 0322): a sum of
 * a few rows, where counting the tickets visits each one's heap page after a burst of updates.
 */
const keptCount = (companyId: number, status: string | undefined): SQL =>
  sql`(select coalesce(sum(n), 0)::int from ${ticketCounts} where ${ticketCounts.companyId} = ${companyId}${status ? sql` and ${ticketCounts.status} = ${status}` : sql``})`;

/**
 * Folds each (company, status)'s deltas into one row, dropping sums of zero (across companies:
 * run under `withSystem('tickets:counts')`). One statement: deltas appended meanwhile are not
 * in its snapshot, so they stay, and are folded next time.
 */
export const foldCounts = async (tx: Tx): Promise<number> => {
  const rows = await tx.execute<{ n: number }>(sql`
    with gone as (
      delete from ${ticketCounts} where (${ticketCounts.companyId}, ${ticketCounts.status}) in (
        select company_id, status from ${ticketCounts} group by 1, 2 having count(*) > 1 or sum(n) = 0)
      returning company_id, status, n),
    kept as (
      insert into ${ticketCounts} (company_id, status, n)
      select company_id, status, sum(n) from gone group by 1, 2 having sum(n) <> 0 returning 1)
    select (select count(*) from gone)::int as n`);
  return Number(rows[0]?.n ?? 0);
};

/**
 * One statement (the request's hot path): the count, the page and the page's DTOs, as the JSON
 * text of the response (`ListTicketsResponse`). GET /tickets sends it as it comes: no parsing,
 * mapping or serialising in Node (issue 26: that was most of the request's CPU). The DTOs are the
 * `ticket_dtos` view's, whose fields are listed one by one there, times already in toISOString's
 * format; `tickets.routes.test.ts` checks the text against the schema.
 */
export const listJson = async (tx: Tx, companyId: number, actor: { id: number; profile: Actor['profile'] }, q: ListTicketsQuery): Promise<string> => {
  const where: SQL[] = [sql`${tickets.companyId} = ${companyId}`];
  const showAll = q.showAll === true && can(actor.profile, 'tickets-manager:showall');
  // Admins without showAll see their own tickets and every unassigned one (a user of every queue).
  // (A view filter, not visibility: admins may see every ticket.)
  if (!showAll) where.push(visibleSql(actor) ?? sql`(${tickets.userId} = ${actor.id} or ${tickets.userId} is null)`);
  if (q.status) where.push(sql`${tickets.status} = ${q.status}`);
  if (q.queueIds?.length) where.push(sql`${tickets.queueId} = any(${intArray(q.queueIds)})`);
  // The user filter is the admins' (attendance.md §2; decision 0072): anyone else's is ignored.
  if (q.users?.length && can(actor.profile, 'tickets:filterByUser')) where.push(sql`${tickets.userId} = any(${intArray(q.users)})`);
  if (q.withUnreadMessages) where.push(sql`${tickets.unreadMessages} > 0`);
  if (q.updatedAt) where.push(gte(tickets.updatedAt, new Date(q.updatedAt)));
  // Tickets carrying every tag asked for (decision 0072): each tag narrows the list.
  if (q.tags?.length) {
    const tagIds = [...new Set(q.tags)];
    where.push(sql`(select count(*) from ticket_tags tt where tt.ticket_id = ${tickets.id} and tt.company_id = ${companyId} and tt.tag_id = any(${intArray(tagIds)})) = ${tagIds.length}`);
  }
  const search = q.searchParam ? searchSql(q.searchParam) : undefined;
  // Company and status alone: the count is the kept one (ticket_counts), whatever the table's churn.
  const countKept = showAll && !search && where.length === (q.status ? 2 : 1);
  const cond = sql.join(where, sql` and `);
  const offset = (q.pageNumber - 1) * TICKET_PAGE_SIZE;
  const order = sql.join(newestFirst, sql`, `);
  // With a visibility filter (an OR of branches) PostgreSQL reads every matching row anyway, so
  // the count rides along as a window; without one the page stops early on the index and the
  // count is its own (index-only) scan.
  const filtered = !showAll || !!search;
  // A plain list (no search) is the hot path: one plan per statement text, reused (decision 0073).
  // Limit and offset are written into the text, so that plan knows them; the custom plans
  // PostgreSQL would otherwise make cost more to plan than the list costs to run.
  // Sent with the list, not awaited first (one round trip less); were it ever to arrive second,
  // the list would only be planned for its parameters, not answer differently.
  const generic = search ? undefined : tx.execute(sql`set local plan_cache_mode = force_generic_plan`).then(() => undefined);
  const limit = sql.raw(String(TICKET_PAGE_SIZE + 1));
  // The count, exact: a short page is the end of the list (offset + its rows, nothing to count);
  // otherwise the matching rows are counted (a window over the rows the page read anyway when a
  // filter forces reading them all, else an index-only count).
  const matching = search
    ? sql`(select count(*)::int from ${search} as f(id) where exists (select 1 from ${tickets} where ${tickets.id} = f.id and ${cond}))`
    : sql`(select count(*)::int from ${tickets} where ${cond})`;
  const total = filtered ? sql`coalesce((select max(total)::int from hits), ${matching})` : countKept ? keptCount(companyId, q.status) : matching;
  const [, [row]] = await Promise.all([generic, tx.execute<{ body: string }>(sql`
    with hits as (${
      search
        ? // A search starts from its candidates (called once) and looks each one up by id: a
          // LATERAL behind OFFSET 0 keeps that order whatever the estimates (a plan that rescanned
          // the function per ticket took 16 s in the bench).
          sql`
      select t.id, t.at, count(*) over () as total
      from ${search} as f(id)
      cross join lateral (select ${tickets.id} as id, ${tickets.updatedAt} as at from ${tickets} where ${tickets.id} = f.id and ${cond} offset 0) t
      order by t.at desc nulls last, t.id desc nulls last
      limit ${limit} offset ${sql.raw(String(offset))}`
        : sql`
      select ${tickets.id} as id, ${tickets.updatedAt} as at${filtered ? sql`, count(*) over () as total` : sql``}
      from ${tickets} where ${cond}
      order by ${order}
      limit ${limit} offset ${sql.raw(String(offset))}`
    }
    )
    select json_build_object(
      'tickets', (select coalesce(json_agg(v.dto order by p.at desc, p.id desc), '[]'::json)
                    from (select id, at from hits order by at desc, id desc limit ${TICKET_PAGE_SIZE}) p
                    join ticket_dtos v on v.id = p.id and v.company_id = ${companyId}),
      'count', case when (select count(*) from hits) between 1 and ${sql.raw(String(TICKET_PAGE_SIZE))} then ${sql.raw(String(offset))} + (select count(*)::int from hits) else ${total} end,
      'hasMore', (select count(*) > ${TICKET_PAGE_SIZE} from hits))::text as body`)]);
  return row!.body;
};



/**
 * The kanban board's tickets (decision 0245): every live (not closed) ticket the actor may see —
 * `visibleSql`, the one rule, so admins see the company's —, optionally in `queueIds`, newest
 * first, at most `limit`.
 */
export const kanban = async (tx: Tx, companyId: number, actor: { id: number; profile: Actor['profile'] }, queueIds: number[] | undefined, limit: number) => {
  const v = visibleSql(actor);
  const rows = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), sql`${tickets.status} <> 'closed'`, ...(queueIds?.length ? [sql`${tickets.queueId} = any(${intArray(queueIds)})`] : []), ...(v ? [v] : [])))
    .orderBy(...newestFirst)
    .limit(limit + 1);
  return { tickets: await loadDtos(tx, companyId, rows.slice(0, limit).map((r) => r.id)), hasMore: rows.length > limit };
};

export const changedSince = async (tx: Tx, companyId: number, actor: { id: number; profile: Actor['profile'] }, since: Date): Promise<TicketDto[]> => {
  const v = visibleSql(actor);
  const rows = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), gt(tickets.updatedAt, since), ...(v ? [v] : [])))
    .orderBy(...newestFirst)
    .limit(500);
  return loadDtos(tx, companyId, rows.map((r) => r.id));
};

export const insert = async (tx: Tx, data: typeof tickets.$inferInsert): Promise<TicketRow | undefined> =>
  (
    await tx
      .insert(tickets)
      .values(data)
      .onConflictDoNothing({ target: [tickets.companyId, tickets.contactId, tickets.whatsappId], where: sql`status <> 'closed'` })
      .returning()
  )[0];

/**
 * The contact's live ticket on the connection, or a new open one assigned to `userId` (a
 * message forwarded to a contact with no conversation going). `created` says which; a
 * concurrent creation is found instead of duplicated (the partial unique index).
 */
export const liveOrOpen = async (
  tx: Tx,
  companyId: number,
  /** `userId` null (a schedule whose author was deleted): the new ticket waits in its queue, pending. */
  o: { contactId: number; whatsappId: number; userId: number | null; queueId: number | null; at: Date },
): Promise<{ ticket: TicketRow; created: boolean }> => {
  const live = await findLive(tx, companyId, o.contactId, o.whatsappId);
  if (live) return { ticket: live, created: false };
  const open = o.userId !== null;
  const row = await insert(tx, { companyId, contactId: o.contactId, whatsappId: o.whatsappId, queueId: o.queueId, status: open ? 'open' : 'pending', userId: o.userId, acceptedAt: open ? o.at : null, queuedAt: o.at });
  if (row) return { ticket: row, created: true };
  return { ticket: (await findLive(tx, companyId, o.contactId, o.whatsappId))!, created: false };
};

/** Opening and closing times of tickets (the conversation's markers between tickets). */
export const spans = async (tx: Tx, companyId: number, ids: number[]): Promise<{ id: number; createdAt: Date; closedAt: Date | null }[]> =>
  ids.length === 0
    ? []
    : tx
        .select({ id: tickets.id, createdAt: tickets.createdAt, closedAt: tickets.closedAt })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids)))
        .orderBy(tickets.id);

export const update = async (tx: Tx, companyId: number, id: number, set: Partial<typeof tickets.$inferInsert>): Promise<TicketRow | undefined> =>
  (await tx.update(tickets).set({ ...set, updatedAt: new Date() }).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id))).returning())[0];

/** Open tickets nobody holds (their agent was deleted: the key set the user to null). */
export const openWithoutUser = async (tx: Tx, companyId: number): Promise<TicketRow[]> =>
  tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.status, 'open'), isNull(tickets.userId))).for('update');

export const remove = async (tx: Tx, companyId: number, id: number): Promise<void> => {
  await tx.delete(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)));
};

export const idsToClose = async (tx: Tx, companyId: number, status: TicketStatus, queueIds: number[]): Promise<number[]> =>
  (
    await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.status, status), ...(queueIds.length ? [inArray(tickets.queueId, queueIds)] : [])))
  ).map((r) => r.id);

/** We sent a message on the ticket: last message, unread cleared. */
export const touchAfterSend = async (tx: Tx, companyId: number, ticketId: number, body: string): Promise<void> => {
  await tx
    .update(tickets)
    .set({ lastMessage: body, unreadMessages: 0, updatedAt: new Date(), lastFromMeAt: new Date() })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
};

/**
 * `touchAfterSend` for several of one company's tickets in one statement (a batch of automated
 * sends): each ticket's `body` is its last message; a ticket listed twice keeps the later one.
 */
export const touchAfterSendMany = async (tx: Tx, companyId: number, sends: { ticketId: number; body: string }[]): Promise<void> => {
  const last = new Map(sends.map((s) => [s.ticketId, s.body]));
  if (last.size === 0) return;
  const now = new Date().toISOString();
  await tx.execute(sql`
    update tickets t set last_message = s.body, unread_messages = 0, updated_at = ${now}::timestamptz, last_from_me_at = ${now}::timestamptz
    from jsonb_to_recordset(${JSON.stringify([...last].map(([id, body]) => ({ id, body })))}::jsonb) as s(id int, body text)
    where t.company_id = ${companyId} and t.id = s.id`);
};

/** A message arrived on the ticket outside the ingest function (a call log): last message, unread + 1. */
export const touchAfterReceive = async (tx: Tx, companyId: number, ticketId: number, body: string): Promise<void> => {
  await tx
    .update(tickets)
    .set({ lastMessage: body, unreadMessages: sql`${tickets.unreadMessages} + 1`, updatedAt: new Date() })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
};

/** Tickets a deleted prompt was answering go on without it (not a change the lists order by: updated_at stays). */
export const clearPrompt = async (tx: Tx, companyId: number, promptId: number): Promise<void> => {
  await tx.update(tickets).set({ promptId: null }).where(and(eq(tickets.companyId, companyId), eq(tickets.promptId, promptId)));
};
