import type { CloudCostsResponse, DashboardAttendant, OnboardingResponse, OnboardingStep, QualityFigures, TicketsDayResponse, TicketsUsersResponse } from '@balcao/shared';
import { toCsv } from '../../lib/csv';

/** attendance.md §9: averages shown in hours and minutes ("01h 05m"); nothing measured: "—". */
export const hoursMinutes = (minutes: number | null | undefined): string => {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '—';
  const total = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}h ${String(total % 60).padStart(2, '0')}m`;
};

/** A row of the quality table: an agent's or a queue's figures under one key and name. */
export type QualityRow = QualityFigures & { key: string; name: string };

/** The quality table as CSV (decision 0397): times in hh:mm, the SLA share and CSAT average with a decimal comma, then the 1–5 counts. */
export const qualityCsv = (header: string[], rows: QualityRow[]): string =>
  toCsv(
    header,
    rows.map((r) => [
      r.name,
      r.tickets,
      hoursMinutes(r.firstResponse.median),
      hoursMinutes(r.firstResponse.p90),
      hoursMinutes(r.resolution.median),
      hoursMinutes(r.resolution.p90),
      r.slaMetPct === null ? '' : String(r.slaMetPct).replace('.', ','),
      r.csat.average === null ? '' : String(r.csat.average).replace('.', ','),
      ...r.csat.distribution,
    ]),
  );

export const attendantsCsv = (header: [string, string, string, string, string], rows: DashboardAttendant[], yes: string, no: string): string =>
  toCsv(header, rows.map((a) => [a.name, a.rating === null ? '' : String(a.rating).replace('.', ','), hoursMinutes(a.avgSupportTime), a.tickets, a.online ? yes : no]));

/** Chart rows as the bars show them: a label and a value. */
export interface Bar {
  label: string;
  value: number;
}

export const userBars = (r: TicketsUsersResponse | null): Bar[] => (r?.data ?? []).map((x) => ({ label: x.nome, value: x.quantidade }));

/** Per day (dd/MM/yyyy) or per hour ("08" → "08:00"). */
export const dayBars = (r: TicketsDayResponse | null): Bar[] =>
  (r?.data ?? []).map((x) => ('horario' in x ? { label: `${x.horario}:00`, value: x.total } : { label: x.data, value: x.total }));

export const barsCsv = (header: [string, string], bars: Bar[]): string => toCsv(header, bars.map((b) => [b.label, b.value]));

/** The checklist is shown while not dismissed and something is left to do. */
export const showChecklist = (o: OnboardingResponse | null): boolean => !!o && !o.dismissed && Object.values(o.steps).some((done) => !done);

/** Where each step is done (issue 11 §8). */
export const stepLinks: Record<OnboardingStep, string> = {
  whatsapp: '/connections',
  queues: '/queues',
  users: '/users',
  hours: '/settings',
  simulator: '/simulator',
};

/** Today and the first of this month in the browser's calendar, yyyy-MM-dd (the charts' default dates). */
export const ymd = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** One row of the Cloud costs card: a pricing category over every Cloud connection of the company. */
export interface CloudCostRow {
  category: string;
  count: number;
  estimatedCost: number;
}

/** The month's answers of each Cloud connection summed per category (in category order), with the total and the currency. */
export const sumCloudCosts = (answers: readonly CloudCostsResponse[]): { rows: CloudCostRow[]; count: number; estimatedCost: number; currency: string } => {
  const by = new Map<string, CloudCostRow>();
  for (const a of answers)
    for (const c of a.categories) {
      const row = by.get(c.category) ?? { category: c.category, count: 0, estimatedCost: 0 };
      row.count += c.count;
      row.estimatedCost = Math.round((row.estimatedCost + c.estimatedCost) * 10_000) / 10_000;
      by.set(c.category, row);
    }
  const rows = [...by.values()].sort((x, y) => x.category.localeCompare(y.category));
  return {
    rows,
    count: rows.reduce((n, r) => n + r.count, 0),
    estimatedCost: Math.round(rows.reduce((n, r) => n + r.estimatedCost, 0) * 10_000) / 10_000,
    currency: answers[0]?.currency ?? 'USD',
  };
};
