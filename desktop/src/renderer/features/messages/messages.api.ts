import type { ListMessagesResponse, MessageDto, TicketDto } from '@balcao/shared';
import { http } from '../../lib/http';

/** What the composer uploads (attendance §7: multipart `medias`, `body`, `fromMe`). */
export interface MediaUpload {
  files: readonly File[];
  /** The caption, already signed when the switch is on; '' for none. */
  body: string;
  quotedMsg?: number | null;
  /** A recorded voice note (push-to-talk on the phone), not an audio file. */
  voice?: boolean;
}

export const messagesApi = {
  /** The conversation's ticket (404 / 403 when gone or not visible). */
  ticket: (uuid: string) => http.get<TicketDto>(`/tickets/u/${encodeURIComponent(uuid)}`),
  list: (ticketId: number, pageNumber: number) =>
    http.get<ListMessagesResponse>(`/messages/${ticketId}`, { pageNumber }),
  /** The conversation is on screen: clears the unread badge and sends the blue ticks (server decides). */
  markRead: (ticketId: number) => http.post<TicketDto>(`/tickets/${ticketId}/read`, {}),
  send: (ticketId: number, body: string, quotedMsg?: number | null) =>
    http.post<MessageDto>(`/messages/${ticketId}`, { body, read: true, fromMe: true, ...(quotedMsg ? { quotedMsg } : {}) }),
  /** One message per file; the caption goes with the first (the server decides), the answer lists them. */
  sendMedia: (ticketId: number, upload: MediaUpload) => {
    const form = new FormData();
    for (const file of upload.files) form.append('medias', file, file.name);
    form.append('body', upload.body);
    form.append('fromMe', 'true');
    form.append('read', '1');
    if (upload.quotedMsg) form.append('quotedMsg', String(upload.quotedMsg));
    if (upload.voice) form.append('voice', 'true');
    return http.postForm<MessageDto[]>(`/messages/${ticketId}`, form);
  },
};
