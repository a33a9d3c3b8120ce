import type { ListTicketsResponse, ReplayBody, ReplayResponse, TicketDto, TicketEventsResponse } from '@balcao/shared';
import { http } from '../../lib/http';

export const botApi = {
  /** `GET /tickets/:id/events`: the ticket's bot timeline, oldest first (admins and supervisors). */
  events: (ticketId: number) => http.get<TicketEventsResponse>(`/tickets/${ticketId}/events`),
  /** `POST /bot/replay`: the current configuration over a past ticket; nothing is sent. */
  replay: (body: ReplayBody) => http.post<ReplayResponse>('/bot/replay', body),
  /** Past tickets of the company for the replay's picker (contact name or number). */
  searchTickets: (searchParam: string, signal?: AbortSignal) =>
    http.get<ListTicketsResponse>('/tickets', { showAll: 'true', searchParam: searchParam || undefined, pageNumber: 1 }, signal),
  /** One ticket by its number (`#123`). */
  ticket: (id: number) => http.get<TicketDto>(`/tickets/${id}`),
};
