import type { CopilotStatusDto, CopilotSuggestionsDto, CopilotSummaryDto } from '@balcao/shared';
import { http } from '../../lib/http';

/** The copilot on a ticket (issue 32 §2–3): whoever sees the ticket. */
export const copilotApi = {
  status: () => http.get<CopilotStatusDto>('/copilot/status'),
  suggestions: (ticketId: number) => http.post<CopilotSuggestionsDto>(`/tickets/${ticketId}/copilot/suggestions`),
  summarize: (ticketId: number) => http.post<CopilotSummaryDto>(`/tickets/${ticketId}/copilot/summary`),
  summaries: (ticketId: number) => http.get<CopilotSummaryDto[]>(`/tickets/${ticketId}/copilot/summaries`),
};
