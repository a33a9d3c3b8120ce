import { z } from 'zod';
import { dbId, dbIdParam, pageNumber, pageOf, SearchPageQuery, stamps } from './common';

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

// Examples for the OpenAPI document (decision 0298): `.meta` only, parsing is unchanged.
const chatExample = {
  id: 12,
  uuid: '5f0c8a4e-2b7d-4c1a-9e3f-6d8b1a2c3e4f',
  title: 'Plantão de sábado',
  ownerId: 3,
  owner: { id: 3, name: 'Ana Souza' },
  lastMessage: 'Quem cobre o turno da manhã?',
  companyId: 1,
  createdAt: '2026-11-20T13:05:00.000Z',
  updatedAt: '2026-11-21T09:42:10.000Z',
  users: [
    { userId: 3, unreads: 0, user: { id: 3, name: 'Ana Souza' } },
    { userId: 7, unreads: 2, user: { id: 7, name: 'Bruno Lima' } },
  ],
};
const chatMessageExample = {
  id: 845,
  chatId: 12,
  senderId: 3,
  sender: { id: 3, name: 'Ana Souza' },
  message: 'Quem cobre o turno da manhã?',
  mediaPath: '',
  mediaName: '',
  createdAt: '2026-11-21T09:42:10.000Z',
  updatedAt: '2026-11-21T09:42:10.000Z',
};

export const ChatDto = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  /** null: the owner left the company (nobody edits or deletes the chat then). */
  ownerId: z.number().nullable(),
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
  lastMessage: z.string(),
  companyId: z.number(),
  ...stamps,
  /** Every member, each with their own unread count. */
  users: z.array(ChatUserDto),
}).meta({ examples: [chatExample] });
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
  ...stamps,
}).meta({ examples: [chatMessageExample] });
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
/**
 * The bodies' examples: `x-examples` (the OpenAPI examples object), not `examples`, which zod
 * drops from the input schema of an object with a transform (the members' list); the OpenAPI test
 * parses them with these schemas.
 */
export const createChatExample = { title: 'Plantão de sábado', users: [7, 9] };
export const updateChatExample = { title: 'Plantão de sábado e domingo', users: [7, 9, 11] };
export const CreateChatBody = z.object({ title: chatTitle, users: chatUsers }).meta({ 'x-examples': { example1: { value: createChatExample } } });
export type CreateChatBody = z.infer<typeof CreateChatBody>;

/** `PUT /chats/:id { title, users }` (owner only): the member list is replaced (the owner stays). */
export const UpdateChatBody = z.object({ title: chatTitle.optional(), users: chatUsers.optional() }).meta({ 'x-examples': { example1: { value: updateChatExample } } });
export type UpdateChatBody = z.infer<typeof UpdateChatBody>;

/** `GET /chats/`: the caller's chats (newest activity first), searched by title. */
export const ListChatsQuery = SearchPageQuery;
export const ListChatsResponse = pageOf('records', ChatDto).meta({ examples: [{ records: [chatExample], count: 1, hasMore: false }] });
export type ListChatsResponse = z.infer<typeof ListChatsResponse>;

/** `POST /chats/:id/read { userId }`: the spec's client names itself; the caller is who reads. */
export const ReadChatBody = z.object({ userId: z.union([dbId, z.string().max(20)]).optional() }).meta({ examples: [{ userId: 7 }] });

/** `GET /chats/:id/messages?pageNumber=`: page 1 is the newest; each page oldest first. */
export const ListChatMessagesQuery = z.object({ pageNumber });
export const ListChatMessagesResponse = pageOf('records', ChatMessageDto).meta({
  examples: [{ records: [chatMessageExample], count: 1, hasMore: false }],
});
export type ListChatMessagesResponse = z.infer<typeof ListChatMessagesResponse>;

/** `POST /chats/:id/messages { message }`: a blank message is refused (ERR_CHAT_MESSAGE_EMPTY). */
export const CreateChatMessageBody = z.object({ message: z.string().max(CHAT_MESSAGE_MAX) }).meta({ examples: [{ message: 'Eu cubro o turno da manhã.' }] });
export type CreateChatMessageBody = z.infer<typeof CreateChatMessageBody>;
