import { z } from 'zod';
import { queryBool, queryIdList, pageNumber, dbIdParam } from './common';

/** attendance.md §9: the dashboard's periods, in days. */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** The longest span any dashboard query covers (a year and a day). */
export const DASHBOARD_MAX_DAYS = 366;

/** A calendar date as the spec's client writes it (`yyyy-MM-dd`), a real one. */
export const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date yyyy-MM-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'not a real date');

/** Days between two yyyy-MM-dd dates (to − from). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const rangeOk = (from: string | undefined, to: string | undefined) => !from || !to || (daysBetween(from, to) >= 0 && daysBetween(from, to) < DASHBOARD_MAX_DAYS);
const rangeIssue = { message: `date_to on or after date_from, at most ${DASHBOARD_MAX_DAYS} days`, path: ['date_to'] };

/**
 * `GET /dashboard` (attendance.md §7: days, date_from, date_to). Dates are the company's calendar
 * days, both included; `days` = the last N days up to today (0 or absent: no period). Dates win
 * over days; with neither, the last 30 days (decision 0140).
 */
export const DashboardQuery = z
  .object({
    days: z.coerce.number().int().min(0).max(DASHBOARD_MAX_DAYS).optional(),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
  })
  .refine((q) => !q.date_to || !!q.date_from, { message: 'date_to needs date_from', path: ['date_from'] })
  .refine((q) => rangeOk(q.date_from, q.date_to), rangeIssue);
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** attendance.md §3 "Dashboard counters"; times in minutes. The two totals are the super user's only (null otherwise). */
export const DashboardCounters = z.object({
  supportHappening: z.number(),
  supportPending: z.number(),
  supportFinished: z.number(),
  /** Average minutes from accepting to closing, of the tickets closed in the period (null: none). */
  avgSupportTime: z.number().nullable(),
  /** Average minutes from arriving (or being queued again) to being accepted, in the period (null: none). */
  avgWaitTime: z.number().nullable(),
  totalWhatsappSessions: z.number().nullable(),
  totalCompanies: z.number().nullable(),
});
export type DashboardCounters = z.infer<typeof DashboardCounters>;

/** attendance.md §3 "Attendant: name, rating, avgSupportTime (minutes), online". */
export const DashboardAttendant = z.object({
  id: z.number(),
  name: z.string(),
  /** Average of the customers' ratings (1–3) of the tickets they closed in the period; null: none rated. */
  rating: z.number().nullable(),
  avgSupportTime: z.number().nullable(),
  /** Tickets they closed in the period. */
  tickets: z.number(),
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof DashboardAttendant>;

export const DashboardResponse = z.object({
  counters: DashboardCounters,
  attendants: z.array(DashboardAttendant),
  /** The period answered, as company calendar days (both included) and the company's timezone. */
  period: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  /** 'company' (admins, supervisors) or 'own' (a user sees their own numbers; decision 0141). */
  scope: z.enum(['company', 'own']),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

/** `GET /dashboard/ticketsUsers` and `/ticketsDay` (attendance.md §7: initialDate, finalDate, companyId — ignored). */
export const DashboardChartQuery = z
  .object({
    initialDate: isoDate,
    finalDate: isoDate,
    companyId: z.string().max(20).optional(),
  })
  .refine((q) => rangeOk(q.initialDate, q.finalDate), { message: `finalDate on or after initialDate, at most ${DASHBOARD_MAX_DAYS} days`, path: ['finalDate'] });
export type DashboardChartQuery = z.infer<typeof DashboardChartQuery>;

/** Tickets per user: `{ data: [{ nome, quantidade }], count }` as the spec's client reads it. */
export const TicketsUsersResponse = z.object({
  data: z.array(z.object({ userId: z.number(), nome: z.string(), quantidade: z.number() })),
  count: z.number(),
});
export type TicketsUsersResponse = z.infer<typeof TicketsUsersResponse>;

/**
 * Tickets per day (`data`: dd/MM/yyyy) or, for a single day, per hour (`horario`: "00"–"23"),
 * every day or hour of the span present (0 when none), in order.
 */
export const TicketsDayResponse = z.object({
  data: z.array(z.union([z.object({ horario: z.string(), total: z.number() }), z.object({ data: z.string(), total: z.number() })])),
  count: z.number(),
});
export type TicketsDayResponse = z.infer<typeof TicketsDayResponse>;

const statusList = z
  .union([z.string(), z.array(z.string())])
  .transform((v, ctx) => {
    let raw: unknown = v;
    if (typeof v === 'string') {
      try {
        raw = v.trim().startsWith('[') ? JSON.parse(v) : v.split(',').filter((s) => s !== '');
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid list' });
        return z.NEVER;
      }
    }
    const ok = ['open', 'pending', 'closed', 'attending'];
    if (!Array.isArray(raw) || raw.some((s) => typeof s !== 'string' || !ok.includes(s))) {
      ctx.addIssue({ code: 'custom', message: 'unknown status' });
      return z.NEVER;
    }
    return raw as ('open' | 'pending' | 'closed' | 'attending')[];
  });

/**
 * `GET /ticket/reports` as the spec's client's reports call sends it: searchParam, contactId,
 * whatsappId/queueIds/users/status (JSON arrays), dateFrom, dateTo (company days, by creation),
 * page, pageSize, onlyRated (decision 0142).
 */
export const TicketReportsQuery = z
  .object({
    searchParam: z.string().max(100).refine((s) => !s.includes('\u0000'), 'no NUL').optional(),
    contactId: dbIdParam.optional(),
    whatsappId: queryIdList.optional(),
    queueIds: queryIdList.optional(),
    users: queryIdList.optional(),
    tags: queryIdList.optional(),
    status: statusList.optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
    page: pageNumber,
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    onlyRated: queryBool.optional(),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || daysBetween(q.dateFrom, q.dateTo) >= 0, { message: 'dateTo on or after dateFrom', path: ['dateTo'] });
export type TicketReportsQuery = z.infer<typeof TicketReportsQuery>;

export const TicketReportRow = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  contactName: z.string(),
  contactNumber: z.string(),
  whatsappName: z.string().nullable(),
  queueName: z.string().nullable(),
  userName: z.string().nullable(),
  lastMessage: z.string(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  rating: z.number().nullable(),
  /** Minutes waited before being accepted, and from accepting to closing (null: not yet). */
  waitTime: z.number().nullable(),
  supportTime: z.number().nullable(),
});
export type TicketReportRow = z.infer<typeof TicketReportRow>;

export const TicketReportsResponse = z.object({ tickets: z.array(TicketReportRow), totalTickets: z.number(), hasMore: z.boolean() });
export type TicketReportsResponse = z.infer<typeof TicketReportsResponse>;

/** The first-run checklist (issue 11 §8): each step done or not, from the company's real state. */
export const onboardingSteps = ['whatsapp', 'queues', 'users', 'hours', 'simulator'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];
export const OnboardingResponse = z.object({
  dismissed: z.boolean(),
  steps: z.object({ whatsapp: z.boolean(), queues: z.boolean(), users: z.boolean(), hours: z.boolean(), simulator: z.boolean() }),
});
export type OnboardingResponse = z.infer<typeof OnboardingResponse>;
/** The company setting that hides the checklist for good ('enabled' = dismissed). */
export const ONBOARDING_DISMISSED_SETTING = 'onboardingDismissed';

/**
 * `GET /dashboard/quality` (issue 30 §5; decision 0397): the service quality of the tickets closed
 * in the company days `date_from`–`date_to` (both included; default the last 30 days), optionally
 * of one agent or queue. Admins and supervisors.
 */
export const QualityQuery = z
  .object({
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    userId: dbIdParam.optional(),
    queueId: dbIdParam.optional(),
  })
  .refine((q) => rangeOk(q.date_from, q.date_to), rangeIssue);
export type QualityQuery = z.infer<typeof QualityQuery>;

/** Minutes (`period.minutes`: business or wall clock), median and 90th percentile; null without a ticket to measure. */
const Spread = z.object({ median: z.number().nullable(), p90: z.number().nullable() });

export const QualityFigures = z.object({
  /** Tickets closed in the period. */
  tickets: z.number(),
  /** From the ticket's start to the first message a person sent on it. */
  firstResponse: Spread,
  /** From the ticket's start to its close. */
  resolution: Spread,
  /** Of the closed tickets that had SLA clocks, how many never breached one (null: none had clocks). */
  slaTickets: z.number(),
  slaMetPct: z.number().nullable(),
  /** The 1–5 ratings given in the period: count, average, how many of each. */
  csat: z.object({ count: z.number(), average: z.number().nullable(), distribution: z.array(z.number()).length(5) }),
});
export type QualityFigures = z.infer<typeof QualityFigures>;

export const QualityResponse = z.object({
  /** `minutes`: the times count the company's business hours (`business`, decision 0433) or every minute (`wall`: it has none). */
  period: z.object({ from: z.string(), to: z.string(), timezone: z.string(), minutes: z.enum(['business', 'wall']) }),
  overall: QualityFigures,
  byAgent: z.array(QualityFigures.extend({ userId: z.number().nullable(), name: z.string() })),
  byQueue: z.array(QualityFigures.extend({ queueId: z.number().nullable(), name: z.string() })),
});
export type QualityResponse = z.infer<typeof QualityResponse>;
