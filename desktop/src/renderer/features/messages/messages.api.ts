import type { ListMessagesResponse, MessageDto, TicketDto } from '@balcao/shared';
import { http } from '../../lib/http';

export const messagesApi = {
  /** The conversation's ticket (404 / 403 when gone or not visible). */
  ticket: (uuid: string) => http.get<TicketDto>(`/tickets/u/${encodeURIComponent(uuid)}`),
  list: (ticketId: number, pageNumber: number) =>
    http.get<ListMessagesResponse>(`/messages/${ticketId}`, { pageNumber }),
  /** The conversation is on screen: clears the unread badge and sends the blue ticks (server decides). */
  markRead: (ticketId: number) => http.post<TicketDto>(`/tickets/${ticketId}/read`, {}),
  send: (ticketId: number, body: string) =>
    http.post<MessageDto>(`/messages/${ticketId}`, { body, read: true, fromMe: true }),
};
