import { chatMsg, type ChatDto, type ChatMessageDto } from '@balcao/shared';

/** My unread count in a chat (0 when I am not in its member list). */
export const unreadsOf = (chat: ChatDto, userId: number): number => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

/** The chats with something unread for me, most recent first (the popover's list). */
export const unreadChats = (chats: ChatDto[], userId: number): ChatDto[] => chats.filter((c) => unreadsOf(c, userId) > 0);

/** Newest activity first, as the server orders them. */
const byActivity = (a: ChatDto, b: ChatDto) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/** Adds or replaces a chat and keeps the list in the server's order. */
export const upsertChat = (chats: ChatDto[], chat: ChatDto): ChatDto[] => [...chats.filter((c) => c.id !== chat.id), chat].sort(byActivity);

export const removeChat = (chats: ChatDto[], id: number): ChatDto[] => chats.filter((c) => c.id !== id);

/** My own count set to 0 (the chat was opened), the other members' left as they are. */
export const withRead = (chat: ChatDto, userId: number): ChatDto => ({
  ...chat,
  users: chat.users.map((u) => (u.userId === userId ? { ...u, unreads: 0 } : u)),
});

/** Messages merged by id (a page may overlap live ones), oldest first. */
export const mergeMessages = (a: ChatMessageDto[], b: ChatMessageDto[]): ChatMessageDto[] => {
  const byId = new Map<number, ChatMessageDto>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
};

/** attendance.md §9: older messages load when the conversation is scrolled under 600 px from its top. */
export const OLDER_MESSAGES_THRESHOLD_PX = 600;
export const shouldLoadOlder = (scrollTop: number, hasMore: boolean, loading: boolean): boolean => hasMore && !loading && scrollTop < OLDER_MESSAGES_THRESHOLD_PX;

/** The chat dialog's rules (attendance.md §5), with the spec's texts. */
export const validateChatForm = (v: { title?: string; users?: number[] }): { title?: string; users?: string } => ({
  ...(!v.title?.trim() ? { title: chatMsg.titleRequired } : {}),
  ...(!v.users || v.users.length === 0 ? { users: chatMsg.usersRequired } : {}),
});

/** What Enter sends: the text as typed, or nothing when it is blank (blank messages are ignored). */
export const messageToSend = (text: string): string | null => (text.trim() === '' ? null : text);
