import type { PlanBody, PlanDto, PlanWithUsageDto } from '@balcao/shared';
import { http } from '../../lib/http';

/** What the form sends: every field (the server fills nothing in an update). */
export type PlanForm = PlanBody;

export const plansApi = {
  /** Super user: every plan with how many companies are on it. */
  all: () => http.get<PlanWithUsageDto[]>('/plans/all'),
  /** The public catalogue (signup, checkout). */
  list: () => http.get<PlanDto[]>('/plans/list'),
  create: (body: PlanForm) => http.post<PlanDto>('/plans', body),
  update: (id: number, body: PlanForm) => http.put<PlanDto>(`/plans/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/plans/${id}`),
};
