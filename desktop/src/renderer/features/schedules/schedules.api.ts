import type { ContactDto, CreateScheduleBody, ListContactsResponse, ListSchedulesResponse, ScheduleDto, UpdateScheduleBody } from '@balcao/shared';
import { http } from '../../lib/http';

/** administration.md §7 "Schedules", plus the calendar's range and the conversation's follow-ups. */
export const schedulesApi = {
  /** What the calendar shows between two instants (ISO). */
  range: (start: string, end: string, signal?: AbortSignal) => http.get<ListSchedulesResponse>('/schedules', { start, end, pageNumber: 1 }, signal),
  /** A ticket's pending follow-ups (the conversation's banner). */
  pendingOfTicket: (ticketId: number, signal?: AbortSignal) => http.get<ListSchedulesResponse>('/schedules', { ticketId, status: 'PENDENTE', pageNumber: 1 }, signal),
  show: (id: number) => http.get<ScheduleDto>(`/schedules/${id}`),
  create: (body: Partial<CreateScheduleBody>) => http.post<ScheduleDto>('/schedules', body),
  update: (id: number, body: UpdateScheduleBody) => http.put<ScheduleDto>(`/schedules/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/schedules/${id}`),
  /** Attaches (or replaces) the picture: multipart `typeArch` + `file`, as the spec's client sends. */
  upload: (id: number, file: File) => {
    const form = new FormData();
    form.append('typeArch', 'schedule');
    form.append('file', file, file.name);
    return http.postForm<ScheduleDto>(`/schedules/${id}/media-upload`, form);
  },
  removeMedia: (id: number) => http.delete<ScheduleDto>(`/schedules/${id}/media-upload`),
  /** The modal's contact search (by name or number). */
  searchContacts: (searchParam: string, signal?: AbortSignal) => http.get<ListContactsResponse>('/contacts', { searchParam, pageNumber: 1 }, signal),
  contact: (id: number) => http.get<ContactDto>(`/contacts/${id}`),
};
