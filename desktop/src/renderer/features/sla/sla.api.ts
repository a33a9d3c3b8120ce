import type { SlaSettingsDto, SlaTargetsDto, UpdateSlaBody } from '@balcao/shared';
import { http } from '../../lib/http';

/** SLA policies (issue 30 §3; decision 0395): the company's default and hours, a queue's own targets. */
export const slaApi = {
  get: () => http.get<SlaSettingsDto>('/sla'),
  update: (body: UpdateSlaBody) => http.put<SlaSettingsDto>('/sla', body),
  updateQueue: (queueId: number, targets: SlaTargetsDto) => http.put<SlaSettingsDto>(`/sla/queues/${queueId}`, targets),
};
