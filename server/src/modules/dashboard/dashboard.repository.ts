/**
 * The dashboard's reads (decisions 0140–0142): aggregates over `tickets` (with `users`, `companies`
 * and `whatsapps` read-joined), one statement per answer, every one filtered by the caller's
 * company (RLS re-checks). Periods are company calendar days turned into a half-open
 * `timestamptz` range in SQL (`day::timestamp at time zone tz`), so the comparisons stay on the
 * raw columns; days and hours of the charts are `created_at at time zone tz`.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DashboardAttendant, DashboardCounters, TicketReportRow, TicketReportsQuery } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { likeOf } from '../../db/paging';
import { tickets } from '../tickets/tickets.table';

/** A span of company days, both included, in the company's IANA zone. */
export interface Span {
  from: string;
  to: string;
  tz: string;
}

/** Whose tickets: the whole company, or one user's own (with `waiting` = the pending tickets they may see). */
export type Scope = { kind: 'company' } | { kind: 'own'; userId: number; visible: SQL | undefined };

const lo = (s: Span) => sql`(${s.from}::date::timestamp at time zone ${s.tz})`;
const hi = (s: Span) => sql`((${s.to}::date + 1)::timestamp at time zone ${s.tz})`;
const mine = (scope: Scope) => (scope.kind === 'own' ? sql` and ${tickets.userId} = ${scope.userId}` : sql``);
const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const minutes = (a: SQLWrapper, b: SQLWrapper) => sql`extract(epoch from (${a} - ${b})) / 60`;

type Counters = Omit<DashboardCounters, 'totalWhatsappSessions' | 'totalCompanies'>;

/**
 * The counters of attendance.md §3 (without the super user's two) and the attendants table, in
 * one statement: the period's closed tickets are read once, grouped by user; the company's
 * finished count and average service time are sums over those groups.
 */
export const summary = async (tx: Tx, companyId: number, span: Span, scope: Scope): Promise<{ counters: Counters; attendants: DashboardAttendant[] }> => {
  const c = sql`${tickets.companyId} = ${companyId}`;
  const waitingScope = scope.kind === 'own' && scope.visible ? sql` and ${scope.visible}` : sql``;
  const start = sql`coalesce(${tickets.queuedAt}, ${tickets.createdAt})`;
  const served = sql`${tickets.acceptedAt} is not null and ${tickets.closedAt} >= ${tickets.acceptedAt}`;
  const [row] = await tx.execute<{
    happening: number;
    pending: number;
    finished: number;
    avg_support: number | null;
    avg_wait: number | null;
    attendants: { id: number; name: string; online: boolean; rating: number | null; avg_support: number | null; n: number | null }[];
  }>(sql`
    with closed as (
      select ${tickets.userId} as user_id, count(*)::int as n,
             (sum(${minutes(tickets.closedAt, tickets.acceptedAt)}) filter (where ${served}))::float8 as support_sum,
             (count(*) filter (where ${served}))::int as served,
             avg(${tickets.rating})::float8 as rating
      from ${tickets} where ${c} and ${tickets.status} = 'closed'
        and ${tickets.closedAt} >= ${lo(span)} and ${tickets.closedAt} < ${hi(span)}${mine(scope)}
      group by ${tickets.userId}
    )
    select
      (select count(*)::int from ${tickets} where ${c} and ${tickets.status} = 'open'${mine(scope)}) as happening,
      (select count(*)::int from ${tickets} where ${c} and ${tickets.status} = 'pending'${waitingScope}) as pending,
      (select coalesce(sum(n), 0)::int from closed) as finished,
      (select sum(support_sum) / nullif(sum(served), 0) from closed)::float8 as avg_support,
      (select avg(${minutes(tickets.acceptedAt, start)})::float8 from ${tickets} where ${c}
          and ${tickets.acceptedAt} >= ${lo(span)} and ${tickets.acceptedAt} < ${hi(span)}
          and ${tickets.acceptedAt} > ${start}${mine(scope)}) as avg_wait,
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'online', u.online, 'rating', cl.rating,
                'avg_support', cl.support_sum / nullif(cl.served, 0), 'n', cl.n) order by lower(u.name), u.id), '[]'::json)
         from users u left join closed cl on cl.user_id = u.id
         where u.company_id = ${companyId}${scope.kind === 'own' ? sql` and u.id = ${scope.userId}` : sql``}) as attendants`);
  const r = row!;
  return {
    counters: {
      supportHappening: r.happening,
      supportPending: r.pending,
      supportFinished: r.finished,
      avgSupportTime: r.avg_support === null ? null : Math.round(r.avg_support),
      avgWaitTime: r.avg_wait === null ? null : Math.round(r.avg_wait),
    },
    attendants: r.attendants.map((x) => ({
      id: x.id,
      name: x.name,
      online: x.online,
      rating: x.rating === null ? null : Math.round(x.rating * 10) / 10,
      avgSupportTime: x.avg_support === null ? null : Math.round(x.avg_support),
      tickets: x.n ?? 0,
    })),
  };
};

/** Tickets created in the span per user they are assigned to (unassigned ones are not anyone's). */
export const ticketsPerUser = async (tx: Tx, companyId: number, span: Span, scope: Scope) => {
  // Count per user_id first (an index-only scan of tickets_company_created_at), then name the few
  // users: joining before grouping made PostgreSQL carry every ticket row through the join.
  const rows = await tx.execute<{ id: number; name: string; n: number }>(sql`
    select u.id, u.name, c.n
    from (
      select ${tickets.userId} as user_id, count(*)::int as n
      from ${tickets}
      where ${tickets.companyId} = ${companyId} and ${tickets.createdAt} >= ${lo(span)} and ${tickets.createdAt} < ${hi(span)}
        and ${tickets.userId} is not null${mine(scope)}
      group by ${tickets.userId}
    ) c
    join users u on u.id = c.user_id and u.company_id = ${companyId}
    order by c.n desc, lower(u.name), u.id`);
  return rows.map((r) => ({ userId: r.id, nome: r.name, quantidade: r.n }));
};

/** Tickets created per company day of the span (every day, 0 included), or per hour of a single day. */
export const ticketsPerDay = async (tx: Tx, companyId: number, span: Span, scope: Scope, byHour: boolean) => {
  const local = sql`(${tickets.createdAt} at time zone ${span.tz})`;
  const counted = sql`
    select ${byHour ? sql`extract(hour from ${local})::int` : sql`${local}::date`} as k, count(*)::int as n
    from ${tickets}
    where ${tickets.companyId} = ${companyId} and ${tickets.createdAt} >= ${lo(span)} and ${tickets.createdAt} < ${hi(span)}${mine(scope)}
    group by 1`;
  if (byHour) {
    const rows = await tx.execute<{ h: number; n: number }>(sql`
      with c as (${counted}) select h, coalesce(c.n, 0)::int as n from generate_series(0, 23) h left join c on c.k = h order by h`);
    return rows.map((r) => ({ horario: String(r.h).padStart(2, '0'), total: r.n }));
  }
  const rows = await tx.execute<{ d: string; n: number }>(sql`
    with c as (${counted})
    select to_char(d, 'DD/MM/YYYY') as d, coalesce(c.n, 0)::int as n
    from generate_series(${span.from}::timestamp, ${span.to}::timestamp, interval '1 day') d left join c on c.k = d::date
    order by d`);
  return rows.map((r) => ({ data: r.d, total: r.n }));
};

/** The platform's totals for the super user: connected connections and companies (called under withSystem). */
export const platformTotals = async (tx: Tx): Promise<{ sessions: number; companies: number }> => {
  const [row] = await tx.execute<{ sessions: number; companies: number }>(sql`
    select (select count(*)::int from whatsapps where status = 'CONNECTED') as sessions, (select count(*)::int from companies) as companies`);
  return { sessions: row!.sessions, companies: row!.companies };
};

/** `GET /ticket/reports`: a page of tickets with names and times, newest first, and the count. */
export const report = async (tx: Tx, companyId: number, tz: string, visible: SQL | undefined, q: TicketReportsQuery): Promise<{ rows: TicketReportRow[]; total: number }> => {
  const where: SQL[] = [sql`${tickets.companyId} = ${companyId}`];
  if (visible) where.push(visible);
  if (q.contactId) where.push(sql`${tickets.contactId} = ${q.contactId}`);
  if (q.whatsappId?.length) where.push(sql`${tickets.whatsappId} = any(${intArray(q.whatsappId)})`);
  if (q.queueIds?.length) where.push(sql`${tickets.queueId} = any(${intArray(q.queueIds)})`);
  if (q.users?.length) where.push(sql`${tickets.userId} = any(${intArray(q.users)})`);
  if (q.status?.length) where.push(sql`${tickets.status} = any(${`{${q.status.join(',')}}`}::text[])`);
  if (q.tags?.length) where.push(sql`exists (select 1 from ticket_tags tt where tt.ticket_id = ${tickets.id} and tt.company_id = ${companyId} and tt.tag_id = any(${intArray(q.tags)}))`);
  if (q.dateFrom) where.push(sql`${tickets.createdAt} >= ${lo({ from: q.dateFrom, to: q.dateFrom, tz })}`);
  if (q.dateTo) where.push(sql`${tickets.createdAt} < ${hi({ from: q.dateTo, to: q.dateTo, tz })}`);
  if (q.onlyRated) where.push(sql`${tickets.rating} is not null`);
  const term = q.searchParam?.trim();
  if (term) {
    const like = likeOf(term);
    where.push(sql`exists (select 1 from contacts ct where ct.id = ${tickets.contactId} and ct.company_id = ${companyId} and (ct.name ilike ${like} or ct.number like ${like}))`);
  }
  const start = sql`coalesce(${tickets.queuedAt}, ${tickets.createdAt})`;
  const rows = await tx.execute<TicketReportRow & { total: number }>(sql`
    select ${tickets.id} as id, ${tickets.uuid}::text as uuid, ${tickets.status} as status,
           ct.name as "contactName", ct.number as "contactNumber", w.name as "whatsappName", q.name as "queueName", u.name as "userName",
           ${tickets.lastMessage} as "lastMessage",
           to_json(${tickets.createdAt}) #>> '{}' as "createdAt", to_json(${tickets.acceptedAt}) #>> '{}' as "acceptedAt", to_json(${tickets.closedAt}) #>> '{}' as "closedAt",
           ${tickets.rating}::int as rating,
           case when ${tickets.acceptedAt} > ${start} then round(${minutes(tickets.acceptedAt, start)})::int end as "waitTime",
           case when ${tickets.status} = 'closed' and ${tickets.closedAt} >= ${tickets.acceptedAt} then round(${minutes(tickets.closedAt, tickets.acceptedAt)})::int end as "supportTime",
           count(*) over ()::int as total
    from ${tickets}
    join contacts ct on ct.id = ${tickets.contactId} and ct.company_id = ${companyId}
    left join whatsapps w on w.id = ${tickets.whatsappId} and w.company_id = ${companyId}
    left join queues q on q.id = ${tickets.queueId} and q.company_id = ${companyId}
    left join users u on u.id = ${tickets.userId} and u.company_id = ${companyId}
    where ${sql.join(where, sql` and `)}
    order by ${tickets.createdAt} desc, ${tickets.id} desc
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, createdAt: iso(r.createdAt)!, acceptedAt: iso(r.acceptedAt), closedAt: iso(r.closedAt) })),
    total: rows[0]?.total ?? 0,
  };
};

/** The first-run checklist's facts (issue 11 §8), in one statement. */
export const onboarding = async (tx: Tx, companyId: number) => {
  const [row] = await tx.execute<{ whatsapp: boolean; queues: boolean; users: boolean; hours: boolean; simulator: boolean; dismissed: string | null }>(sql`
    select
      exists (select 1 from whatsapps where company_id = ${companyId} and status = 'CONNECTED') as whatsapp,
      exists (select 1 from queues where company_id = ${companyId}) as queues,
      (select count(*) from users where company_id = ${companyId}) > 1 as users,
      (exists (select 1 from companies where id = ${companyId} and jsonb_array_length(schedules) > 0)
        or exists (select 1 from queues where company_id = ${companyId} and jsonb_array_length(schedules) > 0)) as hours,
      exists (select 1 from ${tickets} join whatsapps w on w.id = ${tickets.whatsappId} and w.company_id = ${companyId}
              where ${tickets.companyId} = ${companyId} and w.provider = 'sandbox') as simulator,
      (select value from settings where company_id = ${companyId} and key = 'onboardingDismissed') as dismissed`);
  return { steps: { whatsapp: row!.whatsapp, queues: row!.queues, users: row!.users, hours: row!.hours, simulator: row!.simulator }, dismissed: row!.dismissed === 'enabled' };
};
