import type { ContactDto, TagDto, TicketDto } from '@balcao/shared';
import { http } from '../../lib/http';

export const tagsApi = {
  list: (signal?: AbortSignal) => http.get<TagDto[]>('/tags/list', undefined, signal),
  create: (name: string) => http.post<TagDto>('/tags', { name }),
  /** The ticket ends with exactly these tags; the answer is the ticket with them. */
  sync: (ticketId: number, tags: { id: number }[]) => http.post<TicketDto>('/tags/sync', { ticketId, tags }),
  /** The contact ends with exactly these tags; the answer is the contact with them. */
  setContactTags: (contactId: number, tagIds: number[]) => http.put<ContactDto>(`/contacts/${contactId}/tags`, { tagIds }),
};
