import type { ChatDto, ChatMessageDto, ListChatMessagesResponse, ListChatsResponse, UserDto } from '@balcao/shared';
import { http } from '../../lib/http';

/** What the chat dialog sends: a title and the chosen users (the owner is added by the server). */
export interface ChatForm {
  title: string;
  users: number[];
}

export const chatsApi = {
  /** The caller's chats (newest activity first), searched by title: the page, the popover and the menu dot. */
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<ListChatsResponse>('/chats', { searchParam: searchParam || undefined, pageNumber }, signal),
  /** One chat by its uuid (a link to a chat that is not in the loaded pages). */
  show: (idOrUuid: number | string) => http.get<ChatDto>(`/chats/${idOrUuid}`),
  create: (body: ChatForm) => http.post<ChatDto>('/chats', body),
  update: (id: number, body: Partial<ChatForm>) => http.put<ChatDto>(`/chats/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/chats/${id}`),
  /** Clears the caller's unread count (the spec's body names the caller). */
  read: (id: number, userId: number) => http.post<ChatDto>(`/chats/${id}/read`, { userId }),
  /** Page 1 is the newest; each page comes oldest first. */
  messages: (id: number, pageNumber: number, signal?: AbortSignal) => http.get<ListChatMessagesResponse>(`/chats/${id}/messages`, { pageNumber }, signal),
  send: (id: number, message: string) => http.post<ChatMessageDto>(`/chats/${id}/messages`, { message }),
  /** The company's users, for the dialog's select. */
  users: () => http.get<UserDto[]>('/users/list'),
};
