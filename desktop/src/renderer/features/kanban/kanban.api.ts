import type { KanbanTagsResponse, KanbanTicketsResponse, TicketDto } from '@balcao/shared';
import { http } from '../../lib/http';

export const kanbanApi = {
  lanes: () => http.get<KanbanTagsResponse>('/tags/kanban'),
  tickets: () => http.get<KanbanTicketsResponse>('/ticket/kanban'),
  /** Into a tag's lane: the server swaps the ticket's kanban tag in one step (decision 0246). */
  addTag: (ticketId: number, tagId: number) => http.put<TicketDto>(`/ticket-tags/${ticketId}/${tagId}`),
  /** Back to 'Em aberto': the ticket's kanban tags go. */
  removeTags: (ticketId: number) => http.delete<TicketDto>(`/ticket-tags/${ticketId}`),
};
