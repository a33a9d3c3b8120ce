import { useEffect } from 'react';
import { getSocket, listen, onReady } from '../../lib/socket';
import { announceChatMessageForMe, useChats } from './chats.store';

/**
 * Feeds the chats store for the whole session (the top bar mounts it): the first page once the
 * socket is ready (again after each reconnect), then the spec's channels, which the server sends
 * only to the chat's members: `chat` (new-message, update, delete) and `chat-user-<me>` (create,
 * update, new-message, delete). A message another member wrote is announced through
 * `onChatMessageForMe`.
 */
export const useChatsFeed = (userId: number | undefined, enabled: boolean): void => {
  useEffect(() => {
    if (userId === undefined || !enabled) return;
    const store = useChats.getState;
    let bound: ReturnType<typeof getSocket> = null;
    let offs: (() => void)[] = [];
    const offReady = onReady(() => {
      // Chat errors are logged, not toasted (attendance.md §8).
      store().load().catch((err: unknown) => console.warn('chats', err));
      if (bound === getSocket()) return;
      for (const off of offs) off();
      bound = getSocket();
      offs = [
        listen('chat', (p) => {
          if (p.action === 'delete') store().remove(p.id);
          else store().upsert(p.chat);
        }),
        listen(`chat-user-${userId}`, (p) => {
          if (p.action === 'delete') return store().remove(p.id);
          store().upsert(p.record);
          if (p.action === 'new-message' && p.newMessage.senderId !== userId) announceChatMessageForMe({ chat: p.record, message: p.newMessage });
        }),
      ];
    });
    return () => {
      offReady();
      for (const off of offs) off();
      store().reset();
    };
  }, [userId, enabled]);
};
