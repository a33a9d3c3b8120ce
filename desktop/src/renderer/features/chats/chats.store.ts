import { create } from 'zustand';
import type { ChatDto, ChatMessageDto } from '@balcao/shared';
import { chatsApi } from './chats.api';
import { removeChat, upsertChat, withRead } from './chats.logic';

/**
 * The caller's chats (the first pages): the /chats list, the top-bar popover and the menu dot
 * read the same list. Kept small: the open conversation's messages live in the page.
 */
interface ChatsState {
  chats: ChatDto[];
  loaded: boolean;
  loading: boolean;
  hasMore: boolean;
  page: number;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  upsert(chat: ChatDto): void;
  remove(id: number): void;
  /** My count cleared locally (the server is told by the caller). */
  markRead(chatId: number, userId: number): void;
  reset(): void;
}

const initial = { chats: [] as ChatDto[], loaded: false, loading: false, hasMore: false, page: 0 };

export const useChats = create<ChatsState>()((set, get) => ({
  ...initial,
  load: async () => {
    set({ loading: true });
    try {
      const r = await chatsApi.page('', 1);
      set({ chats: r.records, hasMore: r.hasMore, page: 1, loaded: true });
    } finally {
      set({ loading: false });
    }
  },
  loadMore: async () => {
    const { hasMore, loading, page } = get();
    if (!hasMore || loading) return;
    set({ loading: true });
    try {
      const r = await chatsApi.page('', page + 1);
      set((s) => ({ chats: r.records.reduce(upsertChat, s.chats), hasMore: r.hasMore, page: page + 1 }));
    } finally {
      set({ loading: false });
    }
  },
  upsert: (chat) => set((s) => ({ chats: upsertChat(s.chats, chat) })),
  remove: (id) => set((s) => ({ chats: removeChat(s.chats, id) })),
  markRead: (chatId, userId) => set((s) => ({ chats: s.chats.map((c) => (c.id === chatId ? withRead(c, userId) : c)) })),
  reset: () => set(initial),
}));

/** "An internal chat message arrived for me" (another member wrote): for notifications and the like. */
export interface ChatMessageForMe {
  chat: ChatDto;
  message: ChatMessageDto;
}
const forMe = new Set<(e: ChatMessageForMe) => void>();

/** Subscribes to messages other members post in my chats; returns the unsubscribe. */
export const onChatMessageForMe = (handler: (e: ChatMessageForMe) => void): (() => void) => {
  forMe.add(handler);
  return () => {
    forMe.delete(handler);
  };
};
export const announceChatMessageForMe = (e: ChatMessageForMe): void => {
  for (const h of forMe) h(e);
};
