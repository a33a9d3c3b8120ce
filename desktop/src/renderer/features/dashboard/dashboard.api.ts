import { ONBOARDING_DISMISSED_SETTING, type CloudCostsResponse, type DashboardResponse, type OnboardingResponse, type QualityResponse, type TicketsDayResponse, type TicketsUsersResponse } from '@balcao/shared';
import type { WhatsappDto } from '@balcao/shared';
import { http } from '../../lib/http';

/** A period: the last N days, or a range of company days (yyyy-MM-dd, both included). */
export type DashboardFilter = { days: number } | { from: string; to: string };

export const dashboardApi = {
  /** `GET /dashboard` (attendance.md §7: days, date_from, date_to). */
  get: (f: DashboardFilter, signal?: AbortSignal) =>
    http.get<DashboardResponse>('/dashboard', 'days' in f ? { days: f.days } : { date_from: f.from, date_to: f.to }, signal),
  ticketsUsers: (from: string, to: string) => http.get<TicketsUsersResponse>('/dashboard/ticketsUsers', { initialDate: from, finalDate: to }),
  ticketsDay: (from: string, to: string) => http.get<TicketsDayResponse>('/dashboard/ticketsDay', { initialDate: from, finalDate: to }),
  onboarding: () => http.get<OnboardingResponse>('/dashboard/onboarding'),
  /** `GET /dashboard/quality` (issue 30 §5): response times, SLA kept and ratings of the company days. */
  quality: (from: string, to: string, signal?: AbortSignal) => http.get<QualityResponse>('/dashboard/quality', { date_from: from, date_to: to }, signal),
  /** The company's connections (the Cloud costs card shows only when one is a Cloud API connection). */
  connections: (signal?: AbortSignal) => http.get<WhatsappDto[]>('/whatsapp', { session: 0 }, signal),
  /** `GET /whatsapp/:id/costs` (issue 29 §7): a Cloud connection's priced messages of a month per category. */
  cloudCosts: (whatsappId: number, month: string, signal?: AbortSignal) => http.get<CloudCostsResponse>(`/whatsapp/${whatsappId}/costs`, { month }, signal),
  /** Hides the checklist for every admin of the company (decision 0143). */
  dismissOnboarding: () => http.put<{ key: string; value: string }>(`/settings/${ONBOARDING_DISMISSED_SETTING}`, { value: 'enabled' }),
};
