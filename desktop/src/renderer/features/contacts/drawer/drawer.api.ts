import type { ContactDto, CreateContactBody, TicketNoteDto } from '@balcao/shared';
import { http } from '../../../lib/http';

/** What the edit form sends (attendance.md §7: PUT /contacts/{id} with the contact's fields). */
export type ContactEdit = Pick<CreateContactBody, 'name' | 'number' | 'email' | 'extraInfo'>;

/** The contact drawer's calls: the contact, its edit, and the open ticket's notes. */
export const drawerApi = {
  contact: (id: number, signal?: AbortSignal) => http.get<ContactDto>(`/contacts/${id}`, undefined, signal),
  saveContact: (id: number, body: ContactEdit) => http.put<ContactDto>(`/contacts/${id}`, body),
  notes: (ticketId: number, contactId: number, signal?: AbortSignal) => http.get<TicketNoteDto[]>('/ticket-notes/list', { ticketId, contactId }, signal),
  addNote: (ticketId: number, contactId: number, note: string) => http.post<TicketNoteDto>('/ticket-notes', { note, ticketId, contactId }),
  deleteNote: (id: number) => http.delete<{ ok: true }>(`/ticket-notes/${id}`),
};
