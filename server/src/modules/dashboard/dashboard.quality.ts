/**
 * The service-quality report (issue 30 §5; decision 0397): of the tickets closed in a span, the
 * first-response and resolution times (median and 90th percentile; minutes of the company's
 * business hours where it has them, else wall-clock minutes, decision 0433), the share
 * that kept every SLA clock, and the satisfaction ratings given in the span — for the company, per
 * agent and per queue, in two statements with GROUPING SETS. Read-only, like the rest of the
 * dashboard (tickets, messages and csat_ratings read-joined; users and queues for names).
 */
import { sql } from 'drizzle-orm';
import type { QualityFigures } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { businessMs, type BusinessCalendar } from '../sla';
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

/** The SLA clocks kept: had clocks, and none breached (first response, resolution, any next response). */
const SLA_HAD = sql`t.sla is not null`;
const SLA_MET = sql`t.sla is not null and t.sla->'firstResponse'->>'breachedAt' is null and t.sla->'resolution'->>'breachedAt' is null
          and coalesce((t.sla->>'nextResponseBreaches')::int, 0) = 0`;

/** percentile_cont's answer in JS: interpolated between the two nearest of the sorted values. */
export const percentile = (sorted: number[], p: number): number | null => {
  if (sorted.length === 0) return null;
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
};

type TicketTimes = { user_id: number | null; queue_id: number | null; user_name: string | null; queue_name: string | null; created_at: Date; first_reply: Date | null; closed_at: Date; sla_had: boolean; sla_met: boolean };

/**
 * The tickets' rows of the figures with times in business minutes (decision 0433): each closed
 * ticket's times counted through the company's calendar (the SLA clocks' own), grouped here.
 */
const inBusinessTime = (rows: TicketTimes[], cal: BusinessCalendar): Row[] => {
  type Keys = Pick<Row, 'gu' | 'gq' | 'user_id' | 'queue_id' | 'user_name' | 'queue_name'>;
  const groups = new Map<string, { row: Keys; fr: number[]; res: number[]; n: number; had: number; met: number }>();
  const add = (k: string, row: Keys, t: TicketTimes, fr: number | null, res: number) => {
    const g = groups.get(k) ?? { row, fr: [], res: [], n: 0, had: 0, met: 0 };
    g.n++;
    if (fr !== null) g.fr.push(fr);
    g.res.push(res);
    if (t.sla_had) g.had++;
    if (t.sla_met) g.met++;
    groups.set(k, g);
  };
  const minutes = (a: Date, b: Date) => businessMs(cal, new Date(a), new Date(b)) / 60_000;
  for (const t of rows) {
    const fr = t.first_reply ? minutes(t.created_at, t.first_reply) : null;
    const res = minutes(t.created_at, t.closed_at);
    const none = { user_id: null, queue_id: null, user_name: null, queue_name: null };
    add('all', { gu: 1, gq: 1, ...none }, t, fr, res);
    add(`agent:${t.user_id}`, { gu: 0, gq: 1, ...none, user_id: t.user_id, user_name: t.user_name }, t, fr, res);
    add(`queue:${t.queue_id}`, { gu: 1, gq: 0, ...none, queue_id: t.queue_id, queue_name: t.queue_name }, t, fr, res);
  }
  return [...groups.values()].map((g) => {
    const fr = g.fr.sort((a, b) => a - b);
    const res = g.res.sort((a, b) => a - b);
    const row: Row = { ...g.row, tickets: g.n, fr_median: percentile(fr, 0.5), fr_p90: percentile(fr, 0.9), res_median: percentile(res, 0.5), res_p90: percentile(res, 0.9), sla_tickets: g.had, sla_met: g.met };
    return row;
  });
};

/**
 * `cal`: the company's business calendar when it has business hours (times in business minutes,
 * summed per ticket here); absent, wall-clock minutes computed by PostgreSQL.
 */
export const quality = async (tx: Tx, companyId: number, span: Span, f: QualityFilter, cal?: BusinessCalendar): Promise<QualityGroup[]> => {
  const filter = sql`${f.userId ? sql` and t.user_id = ${f.userId}` : sql``}${f.queueId ? sql` and t.queue_id = ${f.queueId}` : sql``}`;
  const closed = sql`
        select t.user_id, t.queue_id, t.created_at, t.closed_at, t.sla,
          (select min(m.created_at) from messages m where m.ticket_id = t.id and m.from_me and not m.automated) as first_reply
        from tickets t
        where t.company_id = ${companyId} and t.status = 'closed' and not t.is_group
          and t.closed_at >= ${lo(span)} and t.closed_at < ${hi(span)}${filter}`;
  const tickets = cal
    ? inBusinessTime(
        [
          ...(await tx.execute<TicketTimes>(sql`
      with t as (${closed})
      select t.user_id, t.queue_id, u.name as user_name, q.name as queue_name, t.created_at, t.first_reply, t.closed_at,
        (${SLA_HAD}) as sla_had, (${SLA_MET}) as sla_met
      from t
      left join users u on u.id = t.user_id and u.company_id = ${companyId}
      left join queues q on q.id = t.queue_id and q.company_id = ${companyId}`)),
        ],
        cal,
      )
    : [
        ...(await tx.execute<Row>(sql`
      with t as (${closed})
      select grouping(t.user_id)::int as gu, grouping(t.queue_id)::int as gq, t.user_id, t.queue_id, u.name as user_name, q.name as queue_name,
        count(*)::int as tickets,
        percentile_cont(0.5) within group (order by extract(epoch from (t.first_reply - t.created_at)) / 60) filter (where t.first_reply is not null) as fr_median,
        percentile_cont(0.9) within group (order by extract(epoch from (t.first_reply - t.created_at)) / 60) filter (where t.first_reply is not null) as fr_p90,
        percentile_cont(0.5) within group (order by extract(epoch from (t.closed_at - t.created_at)) / 60) as res_median,
        percentile_cont(0.9) within group (order by extract(epoch from (t.closed_at - t.created_at)) / 60) as res_p90,
        (count(*) filter (where ${SLA_HAD}))::int as sla_tickets,
        (count(*) filter (where ${SLA_MET}))::int as sla_met
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
