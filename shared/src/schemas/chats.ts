import { z } from 'zod';
import { dbId, dbIdParam, pageNumber } from './common';

/**
 * The internal chat (attendance.md §2–§5, §7; issue 15): conversations between a company's users.
 * Chat: id, uuid, title, ownerId, lastMessage, updatedAt, users (userId, unreads). Chat message:
 * message, senderId, sender name, createdAt, chatId.
 */

/** The spec's dialog texts (attendance.md §5). */
export const chatMsg = {
  titleRequired: 'Por favor, preencha o título da conversa.',
  usersRequired: 'Por favor, selecione pelo menos um usuário.',
} as const;

export const CHAT_TITLE_MAX = 200;
/** The longest chat message (a WhatsApp text's). */
export const CHAT_MESSAGE_MAX = 65_536;
/** The most members one chat may have. */
export const CHAT_USERS_MAX = 500;
/** One page of chats and of a chat's messages. */
export const CHAT_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;

export const ChatUserDto = z.object({
  userId: z.number(),
  unreads: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
});
export type ChatUserDto = z.infer<typeof ChatUserDto>;

export const ChatDto = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  /** null: the owner left the company (nobody edits or deletes the chat then). */
  ownerId: z.number().nullable(),
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
  lastMessage: z.string(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Every member, each with their own unread count. */
  users: z.array(ChatUserDto),
});
export type ChatDto = z.infer<typeof ChatDto>;

export const ChatMessageDto = z.object({
  id: z.number(),
  chatId: z.number(),
  /** null: the sender left the company. */
  senderId: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  message: z.string(),
  mediaPath: z.string(),
  mediaName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatMessageDto = z.infer<typeof ChatMessageDto>;

/** `/chats/:id`: the numeric id (what the spec's client sends) or the uuid (what the route shows). */
export const ChatIdParam = z.object({ id: z.union([z.string().uuid(), dbIdParam]) });
export type ChatIdParam = z.infer<typeof ChatIdParam>;

/** A member as the spec's client sends it: the user object of its select (`{ id, name, … }`) or an id. */
const chatMember = z.union([dbId, z.object({ id: dbId }).transform((u) => u.id)]);

const chatTitle = z
  .string({ error: chatMsg.titleRequired })
  .trim()
  .min(1, chatMsg.titleRequired)
  .max(CHAT_TITLE_MAX);
const chatUsers = z
  .array(chatMember, { error: chatMsg.usersRequired })
  .max(CHAT_USERS_MAX)
  .transform((ids) => [...new Set(ids)]);

/**
 * `POST /chats { title, users }`. The caller (the owner) is always a member; `users` must name at
 * least one other user of the company ('Por favor, selecione pelo menos um usuário.').
 */
export const CreateChatBody = z.object({ title: chatTitle, users: chatUsers });
export type CreateChatBody = z.infer<typeof CreateChatBody>;

/** `PUT /chats/:id { title, users }` (owner only): the member list is replaced (the owner stays). */
export const UpdateChatBody = z.object({ title: chatTitle.optional(), users: chatUsers.optional() });
export type UpdateChatBody = z.infer<typeof UpdateChatBody>;

/** `GET /chats/`: the caller's chats (newest activity first), searched by title. */
export const ListChatsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export const ListChatsResponse = z.object({ records: z.array(ChatDto), count: z.number(), hasMore: z.boolean() });
export type ListChatsResponse = z.infer<typeof ListChatsResponse>;

/** `POST /chats/:id/read { userId }`: the spec's client names itself; the caller is who reads. */
export const ReadChatBody = z.object({ userId: z.union([dbId, z.string().max(20)]).optional() });

/** `GET /chats/:id/messages?pageNumber=`: page 1 is the newest; each page oldest first. */
export const ListChatMessagesQuery = z.object({ pageNumber });
export const ListChatMessagesResponse = z.object({ records: z.array(ChatMessageDto), count: z.number(), hasMore: z.boolean() });
export type ListChatMessagesResponse = z.infer<typeof ListChatMessagesResponse>;

/** `POST /chats/:id/messages { message }`: a blank message is refused (ERR_CHAT_MESSAGE_EMPTY). */
export const CreateChatMessageBody = z.object({ message: z.string().max(CHAT_MESSAGE_MAX) });
export type CreateChatMessageBody = z.infer<typeof CreateChatMessageBody>;
