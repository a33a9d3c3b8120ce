import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { unreadChats } from './chats.logic';
import { useChats } from './chats.store';

/** attendance.md §2: the Chats menu item shows a dot while I have unread chats. */
export const ChatsMenuBadge = ({ children }: { children: ReactNode }) => {
  const me = useSession((s) => s.user?.id);
  const unread = useChats((s) => (me === undefined ? 0 : unreadChats(s.chats, me).length));
  return (
    <span data-testid="chats-menu-label">
      {children}
      {unread > 0 && <Badge dot style={{ marginInlineStart: 8 }} data-testid="chats-menu-dot" />}
    </span>
  );
};
