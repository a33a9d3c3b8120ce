/**
 * The service-quality report (issue 30 §5; decision 0397): of the tickets closed in a span, the
 * first-response and resolution times (median and 90th percentile, wall-clock minutes), the share
 * that kept every SLA clock, and the satisfaction ratings given in the span — for the company, per
 * agent and per queue, in two statements with GROUPING SETS. Read-only, like the rest of the
 * dashboard (tickets, messages and csat_ratings read-joined; users and queues for names).
 */
import { sql } from 'drizzle-orm';
import type { QualityFigures } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Span } from './dashboard.repository';

export interface QualityFilter {
  userId?: number;
  queueId?: number;
}

/** One group's figures: the company (both keys null, `whole`), an agent's, or a queue's. */
export interface QualityGroup {
  by: 'all' | 'agent' | 'queue';
  id: number | null;
  name: string;
  figures: QualityFigures;
}

const lo = (s: Span) => sql`(${s.from}::date::timestamp at time zone ${s.tz})`;
const hi = (s: Span) => sql`((${s.to}::date + 1)::timestamp at time zone ${s.tz})`;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

type Row = Record<string, unknown> & { gu: number; gq: number; user_id: number | null; queue_id: number | null; user_name: string | null; queue_name: string | null };
const key = (r: { gu: number; gq: number; user_id: number | null; queue_id: number | null }) => (r.gu === 1 && r.gq === 1 ? 'all' : r.gu === 0 ? `agent:${r.user_id}` : `queue:${r.queue_id}`);

export const quality = async (tx: Tx, companyId: number, span: Span, f: QualityFilter): Promise<QualityGroup[]> => {
  const filter = sql`${f.userId ? sql` and t.user_id = ${f.userId}` : sql``}${f.queueId ? sql` and t.queue_id = ${f.queueId}` : sql``}`;
  const tickets = [
    ...(await tx.execute<Row>(sql`
      with t as (
        select t.user_id, t.queue_id, t.created_at, t.closed_at, t.sla,
          (select min(m.created_at) from messages m where m.ticket_id = t.id and m.from_me and not m.automated) as first_reply
        from tickets t
        where t.company_id = ${companyId} and t.status = 'closed' and not t.is_group
          and t.closed_at >= ${lo(span)} and t.closed_at < ${hi(span)}${filter}
      )
      select grouping(t.user_id)::int as gu, grouping(t.queue_id)::int as gq, t.user_id, t.queue_id, u.name as user_name, q.name as queue_name,
        count(*)::int as tickets,
        percentile_cont(0.5) within group (order by extract(epoch from (t.first_reply - t.created_at)) / 60) filter (where t.first_reply is not null) as fr_median,
        percentile_cont(0.9) within group (order by extract(epoch from (t.first_reply - t.created_at)) / 60) filter (where t.first_reply is not null) as fr_p90,
        percentile_cont(0.5) within group (order by extract(epoch from (t.closed_at - t.created_at)) / 60) as res_median,
        percentile_cont(0.9) within group (order by extract(epoch from (t.closed_at - t.created_at)) / 60) as res_p90,
        (count(*) filter (where t.sla is not null))::int as sla_tickets,
        (count(*) filter (where t.sla is not null and t.sla->'firstResponse'->>'breachedAt' is null and t.sla->'resolution'->>'breachedAt' is null
          and coalesce((t.sla->>'nextResponseBreaches')::int, 0) = 0))::int as sla_met
      from t
      left join users u on u.id = t.user_id and u.company_id = ${companyId}
      left join queues q on q.id = t.queue_id and q.company_id = ${companyId}
      group by grouping sets ((), (t.user_id, u.name), (t.queue_id, q.name))`)),
  ];
  const ratings = [
    ...(await tx.execute<Row>(sql`
      select grouping(t.user_id)::int as gu, grouping(t.queue_id)::int as gq, t.user_id, t.queue_id, u.name as user_name, q.name as queue_name,
        count(*)::int as n, avg(t.score)::float as average,
        array[count(*) filter (where t.score = 1), count(*) filter (where t.score = 2), count(*) filter (where t.score = 3),
              count(*) filter (where t.score = 4), count(*) filter (where t.score = 5)]::int[] as distribution
      from csat_ratings t
      left join users u on u.id = t.user_id and u.company_id = ${companyId}
      left join queues q on q.id = t.queue_id and q.company_id = ${companyId}
      where t.company_id = ${companyId} and t.score is not null and t.rated_at >= ${lo(span)} and t.rated_at < ${hi(span)}${filter}
      group by grouping sets ((), (t.user_id, u.name), (t.queue_id, q.name))`)),
  ];
  const groups = new Map<string, QualityGroup>();
  const groupOf = (r: Row): QualityGroup => {
    const k = key(r);
    let g = groups.get(k);
    if (!g) {
      const by = k === 'all' ? 'all' : r.gu === 0 ? 'agent' : 'queue';
      g = {
        by,
        id: by === 'agent' ? r.user_id : by === 'queue' ? r.queue_id : null,
        name: (by === 'agent' ? r.user_name : by === 'queue' ? r.queue_name : '') ?? '',
        figures: { tickets: 0, firstResponse: { median: null, p90: null }, resolution: { median: null, p90: null }, slaTickets: 0, slaMetPct: null, csat: { count: 0, average: null, distribution: [0, 0, 0, 0, 0] } },
      };
      groups.set(k, g);
    }
    return g;
  };
  for (const r of tickets) {
    const fig = groupOf(r).figures;
    fig.tickets = Number(r.tickets);
    fig.firstResponse = { median: num(r.fr_median), p90: num(r.fr_p90) };
    fig.resolution = { median: num(r.res_median), p90: num(r.res_p90) };
    fig.slaTickets = Number(r.sla_tickets);
    fig.slaMetPct = fig.slaTickets > 0 ? Math.round((Number(r.sla_met) / fig.slaTickets) * 1000) / 10 : null;
  }
  for (const r of ratings) {
    const fig = groupOf(r).figures;
    fig.csat = { count: Number(r.n), average: num(r.average), distribution: (r.distribution as number[]).map(Number) };
  }
  if (!groups.has('all')) groupOf({ gu: 1, gq: 1, user_id: null, queue_id: null, user_name: null, queue_name: null });
  return [...groups.values()];
};
