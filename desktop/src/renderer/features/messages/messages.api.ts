import type { ListContactsResponse, ListMessagesResponse, ListTemplatesResponse, MessageDto, TemplateSend, TicketDto } from '@balcao/shared';
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

/** One ticket of the contact's history on this connection (the markers between tickets). */
export interface TicketSpan {
  id: number;
  createdAt: string;
  closedAt: string | null;
}

/** The history page; `tickets` is optional so a server without it still draws (markers without dates). */
export type MessagesPage = ListMessagesResponse & { tickets?: TicketSpan[] };

export const messagesApi = {
  /** The conversation's ticket (404 / 403 when gone or not visible). */
  ticket: (uuid: string) => http.get<TicketDto>(`/tickets/u/${encodeURIComponent(uuid)}`),
  list: (ticketId: number, pageNumber: number) => http.get<MessagesPage>(`/messages/${ticketId}`, { pageNumber }),
  /** The conversation is on screen: clears the unread badge and sends the blue ticks (server decides). */
  markRead: (ticketId: number) => http.post<TicketDto>(`/tickets/${ticketId}/read`, {}),
  /** `clientId`: the device's id for it; a retry with the same id never sends twice (decision 0307). */
  send: (ticketId: number, body: string, quotedMsg?: number | null, clientId?: string) =>
    http.post<MessageDto>(`/messages/${ticketId}`, { body, read: true, fromMe: true, ...(quotedMsg ? { quotedMsg } : {}), ...(clientId ? { clientId } : {}) }),
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
  /** A Cloud API template (decision 0390): allowed in or out of the customer's 24-hour window. */
  sendTemplate: (ticketId: number, template: TemplateSend) => http.post<MessageDto>(`/messages/${ticketId}`, { template }),
  /** The connection's Meta templates (kept a few minutes by the server; `refresh` reads Meta again). */
  templates: (whatsappId: number, refresh = false) => http.get<ListTemplatesResponse>(`/whatsapp/${whatsappId}/templates`, refresh ? { refresh: true } : undefined),
  /** Only the sender edits (server-behaviour §3); the body is required. */
  edit: (messageId: number, body: string) => http.post<MessageDto>(`/messages/edit/${messageId}`, { body }),
  /** Revokes the message for everyone. */
  remove: (messageId: number) => http.delete<MessageDto>(`/messages/${messageId}`),
  /** `type` is the emoji. */
  react: (messageId: number, type: string) => http.post<MessageDto>(`/messages/${messageId}/reactions`, { type }),
  forward: (messageId: number, contactId: number, signMessage: boolean) =>
    http.post<MessageDto>('/message/forward', { messageId, contactId, signMessage }),
  /** The forward dialog's contact search. */
  searchContacts: (searchParam: string, signal?: AbortSignal) =>
    http.get<ListContactsResponse>('/contacts', { searchParam, pageNumber: 1 }, signal),
};
