import type { AnnouncementDto, CreateAnnouncementBody, ListAnnouncementsResponse, UpdateAnnouncementBody } from '@balcao/shared';
import { http, searchPage } from '../../lib/http';

/** What the modal saves (administration.md §3: title, text, priority, status). */
export type AnnouncementForm = Pick<CreateAnnouncementBody, 'title' | 'text' | 'priority' | 'status'>;

/** The spec's calls (administration.md §7, attendance.md §7) with the session's token. */
export const announcementsApi = {
  page: searchPage<ListAnnouncementsResponse>('/announcements'),
  /** The top bar's popover: active ones only, whoever asks (the super user's list has every one). */
  activePage: (pageNumber: number) => http.get<ListAnnouncementsResponse>('/announcements', { pageNumber, active: true }),
  show: (id: number) => http.get<AnnouncementDto>(`/announcements/${id}`),
  create: (body: AnnouncementForm) => http.post<AnnouncementDto>('/announcements', body),
  update: (id: number, body: UpdateAnnouncementBody) => http.put<AnnouncementDto>(`/announcements/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/announcements/${id}`),
  /** The picture: multipart `file`, as the spec's client sends it. */
  upload: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.postForm<AnnouncementDto>(`/announcements/${id}/media-upload`, form);
  },
  removeMedia: (id: number) => http.delete<AnnouncementDto>(`/announcements/${id}/media-upload`),
  /** The picture's bytes (with the session's token). */
  mediaBlob: (id: number, signal?: AbortSignal) => http.getBlob(`/announcements/${id}/media`, signal),
};
