import {
  can,
  DASHBOARD_MAX_DAYS,
  type DashboardChartQuery,
  type DashboardQuery,
  type DashboardResponse,
  type OnboardingResponse,
  type QualityQuery,
  type QualityResponse,
  type TicketReportsQuery,
  type TicketReportsResponse,
  type TicketsDayResponse,
  type TicketsUsersResponse,
} from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import type { Tx } from '../../db/client';
import { dayIn, type Clock } from '../../infra/clock';
import { AppError, found } from '../../infra/errors';
import { companiesQueries } from '../companies';
import { slaQueries } from '../sla';
import { visibleSql } from '../tickets';
import * as repo from './dashboard.repository';
import { quality } from './dashboard.quality';

/** Days before `day` ('YYYY-MM-DD'), as a day. */
const minusDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The last 30 days when the client names no period (decision 0140). */
const DEFAULT_DAYS = 30;

export const createDashboardService = (deps: { data: DataAccess; clock: Clock }) => {
  const { data, clock } = deps;

  const timezone = async (tx: Tx, companyId: number): Promise<string> => {
    const company = found(await companiesQueries.get(tx, companyId), 'ERR_NO_COMPANY_FOUND');
    return company.timezone;
  };

  /**
   * Who sees what (decision 0141): admins and supervisors (`dashboard:view`) the whole company;
   * anyone else their own tickets (and, as waiting, the pending tickets they may see).
   */
  const scopeOf = (ctx: Ctx): repo.Scope =>
    can(ctx, 'dashboard:view') ? { kind: 'company' } : { kind: 'own', userId: ctx.userId, visible: visibleSql({ id: ctx.userId, profile: ctx.profile }) };

  /** The span a `GET /dashboard` asks for: dates win over days; neither is the last 30 days up to today. */
  const spanOf = (q: DashboardQuery, tz: string): repo.Span => {
    const today = dayIn(clock.now(), tz);
    if (q.date_from) return { from: q.date_from, to: q.date_to ?? today, tz };
    const days = q.days && q.days > 0 ? q.days : DEFAULT_DAYS;
    return { from: minusDays(today, Math.min(days, DASHBOARD_MAX_DAYS) - 1), to: today, tz };
  };

  return {
    /** `GET /dashboard`: counters and attendants of the period, in the company's timezone. */
    dashboard: (ctx: Ctx, q: DashboardQuery): Promise<DashboardResponse> =>
      data
        .withTenant(ctx, async ({ tx }) => {
          const tz = await timezone(tx, ctx.companyId);
          const span = spanOf(q, tz);
          if (span.from > span.to) throw new AppError('ERR_VALIDATION', 'date_from is after today');
          const scope = scopeOf(ctx);
          const { counters, attendants } = await repo.summary(tx, ctx.companyId, span, scope);
          return { counters, attendants, span, scope: scope.kind };
        })
        .then(async ({ counters, attendants, span, scope }) => {
          // The super user's two counters are the platform's: read across companies, under their reason.
          const totals = can(ctx, 'companies:manage') ? await data.withSystem('companies:super', ({ tx }) => repo.platformTotals(tx)) : null;
          return {
            counters: { ...counters, totalWhatsappSessions: totals?.sessions ?? null, totalCompanies: totals?.companies ?? null },
            attendants,
            period: { from: span.from, to: span.to, timezone: span.tz },
            scope,
          };
        }),

    /** `GET /dashboard/ticketsUsers`: tickets created in the dates per user. */
    ticketsUsers: (ctx: Ctx, q: DashboardChartQuery): Promise<TicketsUsersResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        const span = { from: q.initialDate, to: q.finalDate, tz: await timezone(tx, ctx.companyId) };
        const rows = await repo.ticketsPerUser(tx, ctx.companyId, span, scopeOf(ctx));
        return { data: rows, count: rows.reduce((n, r) => n + r.quantidade, 0) };
      }),

    /** `GET /dashboard/ticketsDay`: tickets created per day of the dates, or per hour of a single day. */
    ticketsDay: (ctx: Ctx, q: DashboardChartQuery): Promise<TicketsDayResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        const span = { from: q.initialDate, to: q.finalDate, tz: await timezone(tx, ctx.companyId) };
        const rows = await repo.ticketsPerDay(tx, ctx.companyId, span, scopeOf(ctx), q.initialDate === q.finalDate);
        return { data: rows, count: rows.reduce((n, r) => n + r.total, 0) };
      }),

    /** `GET /ticket/reports` (decision 0142): tickets with names and times; each sees only the tickets they may see. */
    reports: (ctx: Ctx, q: TicketReportsQuery): Promise<TicketReportsResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        const tz = await timezone(tx, ctx.companyId);
        const { rows, total } = await repo.report(tx, ctx.companyId, tz, visibleSql({ id: ctx.userId, profile: ctx.profile }), q);
        return { tickets: rows, totalTickets: total, hasMore: (q.page - 1) * q.pageSize + rows.length < total };
      }),

    /** `GET /dashboard/quality` (decision 0397): response times, SLA kept and ratings, for the company, per agent and per queue. */
    quality: (ctx: Ctx, q: QualityQuery): Promise<QualityResponse> => {
      if (!can(ctx, 'dashboard:view')) throw new AppError('ERR_NO_PERMISSION');
      return data.withTenant(ctx, async ({ tx }) => {
        const tz = await timezone(tx, ctx.companyId);
        const span = spanOf({ date_from: q.date_from, date_to: q.date_to }, tz);
        if (span.from > span.to) throw new AppError('ERR_VALIDATION', 'date_from is after today');
        // Business minutes where the company has business hours (decision 0433): the SLA clocks' calendar.
        const cal = await slaQueries.calendar(tx, ctx.companyId);
        const business = !slaQueries.aroundTheClock(cal);
        const groups = await quality(tx, ctx.companyId, span, { ...(q.userId ? { userId: q.userId } : {}), ...(q.queueId ? { queueId: q.queueId } : {}) }, business ? cal : undefined);
        const byName = <T extends { name: string; tickets: number }>(a: T, b: T) => b.tickets - a.tickets || a.name.localeCompare(b.name);
        return {
          period: { from: span.from, to: span.to, timezone: tz, minutes: business ? 'business' : 'wall' },
          overall: groups.find((g) => g.by === 'all')!.figures,
          byAgent: groups.filter((g) => g.by === 'agent').map((g) => ({ userId: g.id, name: g.name, ...g.figures })).sort(byName),
          byQueue: groups.filter((g) => g.by === 'queue').map((g) => ({ queueId: g.id, name: g.name, ...g.figures })).sort(byName),
        };
      });
    },

    /** `GET /dashboard/onboarding`: the first-run checklist, for whoever may act on it (admins). */
    onboarding: (ctx: Ctx): Promise<OnboardingResponse> => {
      if (!can(ctx, 'settings:update')) throw new AppError('ERR_NO_PERMISSION');
      return data.withTenant(ctx, ({ tx }) => repo.onboarding(tx, ctx.companyId));
    },
  };
};

export type DashboardService = ReturnType<typeof createDashboardService>;
