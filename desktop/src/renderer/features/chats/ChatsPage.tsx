import { useEffect, useState } from 'react';
import { Badge, Button, Empty, Flex, Popconfirm, Skeleton, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { canEditChat, type ChatDto } from '@balcao/shared';
import { deleter } from '../../lib/deleter';
import { formatListTime } from '../../lib/format';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { chatsApi } from './chats.api';
import { unreadsOf } from './chats.logic';
import { useChats } from './chats.store';
import { ChatConversation } from './ChatConversation';
import { ChatModal } from './ChatModal';
import { TwoPanes } from '../../components/TwoPanes';

/** Next page of chats when the list is scrolled within this many px of its bottom (attendance.md §9). */
const NEXT_PAGE_PX = 100;

/**
 * /chats and /chats/:uuid (attendance.md §3 Internal chat): the chats on the left, the open
 * chat's messages on the right; tabs 'Chats' / 'Mensagens' on narrow screens. Owners edit and
 * delete their chats; opening a chat clears my unread count.
 */
export const ChatsPage = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { uuid } = useParams();
  const me = useSession((s) => s.user?.id) ?? 0;
  const narrow = useMediaQuery('(max-width: 599px)');
  const chats = useChats((s) => s.chats);
  const loaded = useChats((s) => s.loaded);
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  const [dialog, setDialog] = useState<{ open: boolean; chat?: ChatDto }>({ open: false });
  /** The chat this page has shown: when it leaves the list (deleted, or I was taken out) the page goes back to /chats. */
  const [seen, setSeen] = useState<string | null>(null);

  // The session's feed loads the list once the socket is up; a page opened first asks itself.
  useEffect(() => {
    const s = useChats.getState();
    if (!s.loaded && !s.loading) s.load().catch(toastError);
  }, []);
  useEffect(() => setTab(uuid ? 'messages' : 'chats'), [uuid]);

  const current = uuid ? chats.find((c) => c.uuid === uuid) : undefined;
  const gone = !!uuid && loaded && !current && seen === uuid;
  useEffect(() => {
    if (current) setSeen(current.uuid);
  }, [current]);
  useEffect(() => {
    if (gone) void navigate('/chats', { replace: true });
  }, [gone, navigate]);
  // A link to a chat beyond the loaded pages: fetched by its uuid into the list (not mine: back to /chats).
  useEffect(() => {
    if (!uuid || !loaded || current || seen === uuid) return;
    let live = true;
    chatsApi
      .show(uuid)
      .then((c) => live && useChats.getState().upsert(c))
      .catch((err: unknown) => {
        if (!live) return;
        toastError(err);
        void navigate('/chats', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [uuid, loaded, current, seen, navigate]);

  const open = (chat: ChatDto) => {
    setTab('messages');
    if (chat.uuid !== uuid) void navigate(`/chats/${chat.uuid}`);
  };
  const remove = deleter(chatsApi.remove, (chat: ChatDto) => {
    useChats.getState().remove(chat.id);
    toast.success(t('chats.deleted'));
    if (chat.uuid === uuid) void navigate('/chats');
  });
  const onListScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEXT_PAGE_PX) useChats.getState().loadMore().catch(toastError);
  };

  const list = (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="chats-list-pane">
      <Flex justify="space-between" align="center" gap={8} style={{ padding: '12px 12px 8px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('chats.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })} data-testid="chats-new">
          {t('chats.new')}
        </Button>
      </Flex>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} onScroll={onListScroll} data-testid="chats-scroll">
        {!loaded ? (
          <div style={{ padding: 12 }} data-testid="chats-skeleton">
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        ) : chats.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chats.empty')} data-testid="chats-empty" />
        ) : (
          <div role="list">
            {chats.map((chat) => {
              const unread = unreadsOf(chat, me);
              const selected = chat.uuid === uuid;
              return (
                <Flex
                  key={chat.id}
                  role="listitem"
                  tabIndex={0}
                  gap={8}
                  align="center"
                  aria-current={selected || undefined}
                  data-testid="chat-item"
                  data-id={chat.id}
                  data-unread={unread}
                  onClick={() => open(chat)}
                  onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && open(chat)}
                  style={{
                    cursor: 'pointer',
                    padding: '10px 12px',
                    background: selected ? token.controlItemBgActive : undefined,
                    borderBottom: `1px solid ${token.colorBorderSecondary}`,
                  }}
                >
                  <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                    <Flex justify="space-between" gap={8}>
                      <Typography.Text strong ellipsis data-testid="chat-item-title">
                        {chat.title}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
                        {formatListTime(chat.updatedAt)}
                      </Typography.Text>
                    </Flex>
                    <Flex justify="space-between" gap={8} align="center">
                      <Typography.Text type="secondary" ellipsis data-testid="chat-item-last">
                        {chat.lastMessage || '\u00a0'}
                      </Typography.Text>
                      {unread > 0 && <Badge count={unread} size="small" data-testid="chat-item-unread" />}
                    </Flex>
                  </Flex>
                  {canEditChat({ id: me }, chat) && (
                    <Flex gap={0} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                      <Tooltip title={t('chats.edit')}>
                        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('chats.edit')} onClick={() => setDialog({ open: true, chat })} data-testid="chat-edit" />
                      </Tooltip>
                      <Popconfirm
                        title={t('chats.deleteTitle')}
                        description={t('chats.deleteText')}
                        onConfirm={() => remove(chat)}
                        okButtonProps={{ danger: true, 'data-testid': 'chat-delete-confirm' } as never}
                      >
                        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('chats.delete')} data-testid="chat-delete" />
                      </Popconfirm>
                    </Flex>
                  )}
                </Flex>
              );
            })}
          </div>
        )}
      </div>
    </Flex>
  );

  const conversation = current ? (
    <ChatConversation key={current.id} chat={current} me={me} />
  ) : uuid && !gone ? (
    <div style={{ padding: 16 }} data-testid="chat-loading">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  ) : (
    <Flex align="center" justify="center" style={{ height: '100%' }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chats.noneSelected')} data-testid="chat-none" />
    </Flex>
  );

  const modal = <ChatModal open={dialog.open} chat={dialog.chat} me={me} onClose={() => setDialog({ open: false })} onSaved={(c) => !dialog.chat && open(c)} />;

  return (
    <TwoPanes
      narrow={narrow}
      active={tab}
      onChange={setTab}
      data-testid="chats-page"
      data-layout={narrow ? 'narrow' : 'wide'}
      panes={[
        { key: 'chats', label: <span data-testid="chats-tab-chats">{t('chats.tabChats')}</span>, content: list, wide: { width: 320, flexShrink: 0, borderInlineEnd: `1px solid ${token.colorBorderSecondary}` } },
        { key: 'messages', label: <span data-testid="chats-tab-messages">{t('chats.tabMessages')}</span>, content: conversation, wide: { flex: 1, minWidth: 0 } },
      ]}
    >
      {modal}
    </TwoPanes>
  );
};
