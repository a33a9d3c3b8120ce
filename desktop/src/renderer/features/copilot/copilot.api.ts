import type { CopilotRoutingDto, CopilotStatusDto, CopilotSuggestionsDto, CopilotSummaryDto, CopilotTicketTextsDto, MessageDto } from '@balcao/shared';
import { http } from '../../lib/http';

/** The copilot on a ticket (issue 32 §2–3): whoever sees the ticket. */
export const copilotApi = {
  status: () => http.get<CopilotStatusDto>('/copilot/status'),
  suggestions: (ticketId: number) => http.post<CopilotSuggestionsDto>(`/tickets/${ticketId}/copilot/suggestions`),
  routing: (ticketId: number) => http.post<CopilotRoutingDto>(`/tickets/${ticketId}/copilot/routing`),
  /** Applies a suggested queue (the ticket keeps its status and agent). */
  moveToQueue: (ticketId: number, queueId: number) => http.put<unknown>(`/tickets/${ticketId}`, { queueId }),
  summarize: (ticketId: number) => http.post<CopilotSummaryDto>(`/tickets/${ticketId}/copilot/summary`),
  summaries: (ticketId: number) => http.get<CopilotSummaryDto[]>(`/tickets/${ticketId}/copilot/summaries`),
  /** The ticket's language, toggle and the texts kept beside its messages (decision 0440). */
  translation: (ticketId: number) => http.get<CopilotTicketTextsDto>(`/tickets/${ticketId}/copilot/translation`),
  setTranslation: (ticketId: number, translate: boolean) => http.put<CopilotTicketTextsDto>(`/tickets/${ticketId}/copilot/translation`, { translate }),
  /** The agent's text, sent in the customer's language; the original kept. */
  sendTranslated: (ticketId: number, body: string, clientId: string) => http.post<MessageDto>(`/tickets/${ticketId}/copilot/translated-message`, { body, clientId }),
};
