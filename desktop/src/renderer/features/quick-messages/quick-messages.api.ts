import type { CreateQuickMessageBody, ListQuickMessagesResponse, QuickMessageDto, UpdateQuickMessageBody } from '@balcao/shared';
import { http } from '../../lib/http';

/** What the dialog sends (the server fills the defaults and the owner). */
export type QuickMessageForm = Pick<CreateQuickMessageBody, 'shortcode' | 'message' | 'geral' | 'status'>;

export const quickMessagesApi = {
  /** The replies the caller may use in the composer: general ones and their own, active, by shortcode. */
  list: () => http.get<QuickMessageDto[]>('/quick-messages/list'),
  /** The attached file's bytes (with the session's token), for the composer to send as media. */
  mediaBlob: (id: number, signal?: AbortSignal) => http.getBlob(`/quick-messages/${id}/media`, signal),
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<ListQuickMessagesResponse>('/quick-messages', { searchParam: searchParam || undefined, pageNumber }, signal),
  show: (id: number) => http.get<QuickMessageDto>(`/quick-messages/${id}`),
  create: (body: QuickMessageForm) => http.post<QuickMessageDto>('/quick-messages', body),
  update: (id: number, body: UpdateQuickMessageBody) => http.put<QuickMessageDto>(`/quick-messages/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/quick-messages/${id}`),
  /** Attaches (or replaces) the file: multipart `typeArch` + `file`, as the spec's client sends. */
  upload: (id: number, file: File) => {
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', file, file.name);
    return http.postForm<QuickMessageDto>(`/quick-messages/${id}/media-upload`, form);
  },
  removeMedia: (id: number) => http.delete<QuickMessageDto>(`/quick-messages/${id}/media-upload`),
};
