import type { ListTicketsResponse, QueueDto, TicketDto, TicketStatus, UserDto } from '@balcao/shared';
import { http } from '../../lib/http';

export interface ListParams {
  status?: TicketStatus;
  searchParam?: string;
  pageNumber: number;
  showAll?: boolean;
}

export const ticketsApi = {
  list: (p: ListParams, signal?: AbortSignal) =>
    http.get<ListTicketsResponse>('/tickets', { ...p, showAll: p.showAll ? 'true' : undefined }, signal),
  accept: (id: number, userId: number) => http.put<TicketDto>(`/tickets/${id}`, { status: 'open', userId }),
  returnToQueue: (id: number) => http.put<TicketDto>(`/tickets/${id}`, { status: 'pending', userId: null }),
  close: (id: number) => http.put<TicketDto>(`/tickets/${id}`, { status: 'closed' }),
  reopen: (id: number) => http.put<TicketDto>(`/tickets/${id}`, { status: 'open' }),
  transfer: (id: number, queueId: number, userId: number | null) =>
    http.put<TicketDto>(`/tickets/${id}`, userId ? { queueId, userId } : { queueId }),
  queues: () => http.get<QueueDto[]>('/queue'),
  users: () => http.get<UserDto[]>('/users/list'),
};
