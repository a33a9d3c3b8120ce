import type { ListMessagesResponse, MessageDto } from '@balcao/shared';
import { http } from '../../lib/http';

export const messagesApi = {
  list: (ticketId: number, pageNumber: number) =>
    http.get<ListMessagesResponse>(`/messages/${ticketId}`, { pageNumber }),
  send: (ticketId: number, body: string) =>
    http.post<MessageDto>(`/messages/${ticketId}`, { body, read: true, fromMe: true }),
};
