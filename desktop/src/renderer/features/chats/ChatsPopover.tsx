import { CommentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TopBarItemHeading, TopBarItemPreview, TopBarPopover, TopBarPopoverItem, useTopBarPopover } from '../../components/TopBarPopover';
import { useSession } from '../../lib/session';
import { unreadChats, unreadsOf } from './chats.logic';
import { useChats } from './chats.store';
import { useChatsFeed } from './chats.socket';

/**
 * The top bar's internal-chats popover (attendance.md §2): a dot while some chat has unread
 * messages for me, those chats listed, a click opens the chat. It also runs the session's chat
 * feed (the store the menu's dot and the /chats page read).
 */
export const ChatsPopover = ({ enabled }: { enabled: boolean }) => {
  const { t } = useTranslation();
  const { popover, go } = useTopBarPopover();
  const me = useSession((s) => s.user?.id);
  useChatsFeed(me, enabled);
  const chats = useChats((s) => s.chats);
  const loaded = useChats((s) => s.loaded);
  if (!enabled || me === undefined) return null;
  const unread = unreadChats(chats, me);

  return (
    <TopBarPopover
      {...popover}
      title={t('chats.popover')}
      icon={<CommentOutlined />}
      badge={{ dot: unread.length > 0 }}
      badgeAttributes={{ 'data-unread': unread.length }}
      testIds={{ button: 'chats-popover-button', badge: 'chats-popover-badge', list: 'chats-popover-list' }}
      loading={!loaded}
      empty={unread.length === 0}
      emptyText={t('chats.popoverEmpty')}
      footer={{ label: t('chats.openAll'), onClick: () => go('/chats'), testId: 'chats-popover-open-all' }}
    >
      {unread.map((chat) => (
        <TopBarPopoverItem key={chat.id} vertical data-testid="chats-popover-item" data-id={chat.id} onActivate={() => go(`/chats/${chat.uuid}`)}>
          <TopBarItemHeading title={chat.title} at={chat.updatedAt} />
          <TopBarItemPreview text={chat.lastMessage} unread={unreadsOf(chat, me)} />
        </TopBarPopoverItem>
      ))}
    </TopBarPopover>
  );
};
