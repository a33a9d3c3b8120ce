// The internal chat (issue 15 §1): what the shell and other features use.
export { ChatsPopover } from './ChatsPopover';
export { ChatsMenuBadge } from './ChatsMenuBadge';
export { onChatMessageForMe, useChats, type ChatMessageForMe } from './chats.store';
export { unreadsOf } from './chats.logic';
export { chatsRoutes } from './chats.routes';
