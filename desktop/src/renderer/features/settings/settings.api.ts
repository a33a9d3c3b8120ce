import type { CompanyScheduleDay, CompanyWithSchedulesDto, ListAuditLogsResponse, SettingDto } from '@balcao/shared';
import { http } from '../../lib/http';

/** The filters of the audit tab, as GET /audit-logs takes them. */
export interface AuditFilters {
  entity?: string;
  userId?: number;
  dateFrom?: string;
  dateTo?: string;
  /** Super users: one company's trail. */
  companyId?: number;
}

export const settingsApi = {
  list: () => http.get<SettingDto[]>('/settings'),
  /** `{ key, value }` as the spec's client sends it. */
  update: (key: string, value: string) => http.put<SettingDto>(`/settings/${key}`, { key, value }),
  company: (id: number) => http.get<CompanyWithSchedulesDto>(`/companies/${id}`),
  updateSchedules: (id: number, schedules: CompanyScheduleDay[]) => http.put<CompanyWithSchedulesDto>(`/companies/${id}/schedules`, { id, schedules }),
  auditLogs: (f: AuditFilters, pageNumber: number, signal?: AbortSignal) =>
    http.get<ListAuditLogsResponse>('/audit-logs', { entity: f.entity, userId: f.userId, dateFrom: f.dateFrom, dateTo: f.dateTo, companyId: f.companyId, pageNumber }, signal),
};
