import type { TicketEventsResponse } from '@balcao/shared';
import { http } from '../../lib/http';

export const botApi = {
  /** `GET /tickets/:id/events`: the ticket's bot timeline, oldest first (admins and supervisors). */
  events: (ticketId: number) => http.get<TicketEventsResponse>(`/tickets/${ticketId}/events`),
};
