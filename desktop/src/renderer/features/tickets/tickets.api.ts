import type { ContactDto, ListContactsResponse, ListTicketsResponse, QueueDto, TicketDto, TicketStatus, UserDto, WhatsappDto } from '@balcao/shared';
import { http } from '../../lib/http';

export interface ListParams {
  status?: TicketStatus;
  searchParam?: string;
  pageNumber: number;
  showAll?: boolean;
  /** The queue multi-select; empty means every queue the viewer may see. */
  queueIds?: readonly number[];
  /** Search tab filters (ids), sent as JSON arrays like the spec's client. */
  tags?: readonly number[];
  users?: readonly number[];
}

/** A tag as GET /tags/list answers it. */
export interface TagOption {
  id: number;
  name: string;
  color: string;
}

/** Arrays travel as JSON text (`queueIds=[1,2]`), as the spec's client sends them; empty ones stay out. */
const idList = (ids?: readonly number[]) => (ids && ids.length ? JSON.stringify(ids) : undefined);

export const ticketsApi = {
  list: (p: ListParams, signal?: AbortSignal) =>
    http.get<ListTicketsResponse>(
      '/tickets',
      {
        pageNumber: p.pageNumber,
        status: p.status,
        searchParam: p.searchParam,
        showAll: p.showAll ? 'true' : undefined,
        queueIds: idList(p.queueIds),
        tags: idList(p.tags),
        users: idList(p.users),
      },
      signal,
    ),
  accept: (id: number, userId: number) => http.put<TicketDto>(`/tickets/${id}`, { status: 'open', userId }),
  returnToQueue: (id: number) => http.put<TicketDto>(`/tickets/${id}`, { status: 'pending', userId: null }),
  close: (id: number) => http.put<TicketDto>(`/tickets/${id}`, { status: 'closed' }),
  reopen: (id: number) => http.put<TicketDto>(`/tickets/${id}`, { status: 'open' }),
  transfer: (id: number, queueId: number, userId: number | null, whatsappId?: number | null) =>
    http.put<TicketDto>(`/tickets/${id}`, { queueId, ...(userId ? { userId } : {}), ...(whatsappId ? { whatsappId } : {}) }),
  remove: (id: number) => http.delete<{ message: string }>(`/tickets/${id}`),
  create: (body: { contactId: number; queueId: number | null; whatsappId: number | null; userId: number }) =>
    http.post<TicketDto>('/tickets', { ...body, status: 'open' }),
  closeAll: (status: 'open' | 'pending', selectedQueueIds: readonly number[]) =>
    http.post<{ closed: number }>('/tickets/closeAll', { status, selectedQueueIds }),
  queues: () => http.get<QueueDto[]>('/queue'),
  users: () => http.get<UserDto[]>('/users/list'),
  tags: () => http.get<TagOption[]>('/tags/list'),
  connections: () => http.get<WhatsappDto[]>('/whatsapp', { session: 0 }),
  searchContacts: (searchParam: string, signal?: AbortSignal) => http.get<ListContactsResponse>('/contacts', { searchParam, pageNumber: 1 }, signal),
  createContact: (name: string, number: string) => http.post<ContactDto>('/contacts', { name, number }),
};
