import { useState } from 'react';
import { CommentOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Spin, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatListTime } from '../../lib/format';
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
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const me = useSession((s) => s.user?.id);
  useChatsFeed(me, enabled);
  const chats = useChats((s) => s.chats);
  const loaded = useChats((s) => s.loaded);
  if (!enabled || me === undefined) return null;
  const unread = unreadChats(chats, me);

  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  const content = (
    <div style={{ width: 'min(320px, calc(100vw - 32px))', maxHeight: 360, overflowY: 'auto' }} data-testid="chats-popover-list">
      {!loaded ? (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      ) : unread.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chats.popoverEmpty')} />
      ) : (
        <div role="list">
          {unread.map((chat) => (
            <Flex
              key={chat.id}
              vertical
              role="listitem"
              tabIndex={0}
              data-testid="chats-popover-item"
              data-id={chat.id}
              onClick={() => go(`/chats/${chat.uuid}`)}
              onKeyDown={(e) => e.key === 'Enter' && go(`/chats/${chat.uuid}`)}
              style={{ cursor: 'pointer', padding: '8px 4px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
            >
              <Flex justify="space-between" gap={8}>
                <Typography.Text strong ellipsis>
                  {chat.title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
                  {formatListTime(chat.updatedAt)}
                </Typography.Text>
              </Flex>
              <Flex justify="space-between" gap={8}>
                <Typography.Text type="secondary" ellipsis>
                  {chat.lastMessage || '\u00a0'}
                </Typography.Text>
                <Badge count={unreadsOf(chat, me)} size="small" />
              </Flex>
            </Flex>
          ))}
        </div>
      )}
      <Button type="link" block onClick={() => go('/chats')} data-testid="chats-popover-open-all">
        {t('chats.openAll')}
      </Button>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      title={t('chats.popover')}
      content={content}
    >
      <Tooltip title={t('chats.popover')} open={open ? false : undefined}>
        <Badge dot={unread.length > 0} offset={[-6, 6]} data-testid="chats-popover-badge" data-unread={unread.length}>
          <Button type="text" icon={<CommentOutlined />} aria-label={t('chats.popover')} data-testid="chats-popover-button" />
        </Badge>
      </Tooltip>
    </Popover>
  );
};
