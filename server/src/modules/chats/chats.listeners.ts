import { wireEvent, type ChatDto } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

const memberRooms = (chat: ChatDto) => chat.users.map((u) => rooms.user(u.userId));

/**
 * The spec's chat channels (decision 0290), always to the chat's members' own rooms — never to the
 * company's room: `company-<id>-chat` (lists: popover, menu dot, page), `company-<id>-chat-<chatId>`
 * (the open conversation) and `company-<id>-chat-user-<userId>` (one member's chats and unreads).
 */
export const registerChatListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('chat.saved', (e) => {
    const { companyId, chat } = e;
    for (const m of chat.users) {
      rt.emit([rooms.user(m.userId)], wireEvent(companyId, `chat-user-${m.userId}`), { action: e.created ? 'create' : 'update', record: chat });
    }
    if (!e.created) rt.emit(memberRooms(chat), wireEvent(companyId, 'chat'), { action: 'update', chat });
    // Members the edit took out: the chat is gone for them.
    for (const userId of e.removedUserIds) {
      rt.emit([rooms.user(userId)], wireEvent(companyId, `chat-user-${userId}`), { action: 'delete', id: chat.id });
      rt.emit([rooms.user(userId)], wireEvent(companyId, 'chat'), { action: 'delete', id: chat.id });
    }
  });
  bus.on('chat.deleted', (e) => {
    const to = e.memberIds.map((id) => rooms.user(id));
    rt.emit(to, wireEvent(e.companyId, 'chat'), { action: 'delete', id: e.chatId });
    for (const userId of e.memberIds) rt.emit([rooms.user(userId)], wireEvent(e.companyId, `chat-user-${userId}`), { action: 'delete', id: e.chatId });
  });
  bus.on('chat.message', (e) => {
    const { companyId, chat, message } = e;
    const to = memberRooms(chat);
    rt.emit(to, wireEvent(companyId, `chat-${chat.id}`), { action: 'new-message', newMessage: message, chat });
    rt.emit(to, wireEvent(companyId, 'chat'), { action: 'new-message', newMessage: message, chat });
    for (const m of chat.users) {
      if (m.userId === message.senderId) continue;
      rt.emit([rooms.user(m.userId)], wireEvent(companyId, `chat-user-${m.userId}`), { action: 'new-message', record: chat, newMessage: message });
    }
  });
  // Only the reader's own unread count changed: only the reader's sockets (other tabs, the popover) hear it.
  bus.on('chat.read', (e) => {
    const to = [rooms.user(e.userId)];
    rt.emit(to, wireEvent(e.companyId, `chat-user-${e.userId}`), { action: 'update', record: e.chat });
    rt.emit(to, wireEvent(e.companyId, `chat-${e.chat.id}`), { action: 'update', chat: e.chat });
    rt.emit(to, wireEvent(e.companyId, 'chat'), { action: 'update', chat: e.chat });
  });
};
