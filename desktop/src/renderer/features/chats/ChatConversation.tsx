import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Empty, Flex, Input, Skeleton, Spin, Typography, theme } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX, type ChatDto, type ChatMessageDto } from '@balcao/shared';
import { formatClock, formatDate } from '../../lib/format';
import { toastError } from '../../lib/reportError';
import { useBusy } from '../../lib/useBusy';
import { listenLive } from '../../lib/socket';
import { chatsApi } from './chats.api';
import { mergeMessages, messageToSend, shouldLoadOlder, unreadsOf } from './chats.logic';
import { useChats } from './chats.store';

/** Within this many px of the bottom, a new message keeps the conversation scrolled to it. */
const STICK_PX = 120;

/**
 * One chat's messages (attendance.md §3): the newest page first, older pages when scrolled near
 * the top (under 600 px), new ones live on `company-<id>-chat-<chatId>`. Opening the chat, and
 * a message arriving while it is open and in view, clears my unread count. Enter sends, Shift+Enter
 * breaks the line, blank text is ignored.
 */
export const ChatConversation = ({ chat, me }: { chat: ChatDto; me: number }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [messages, setMessages] = useState<ChatMessageDto[] | null>(null);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, whileLoadingOlder] = useBusy();
  const [text, setText] = useState('');
  const [sending, whileSending] = useBusy();
  const scroller = useRef<HTMLDivElement>(null);
  /** How to place the scroll after the next render: at the bottom, or kept where it was after older messages came in above. */
  const pendingScroll = useRef<{ kind: 'bottom' } | { kind: 'keep'; fromBottom: number } | null>(null);
  const chatId = chat.id;

  const markRead = useCallback(() => {
    useChats.getState().markRead(chatId, me);
    chatsApi.read(chatId, me).catch((err: unknown) => console.warn('chats', err));
  }, [chatId, me]);

  // Opening: the newest page, at the bottom; my unread count cleared.
  useEffect(() => {
    let live = true;
    chatsApi
      .messages(chatId, 1)
      .then((r) => {
        if (!live) return;
        pendingScroll.current = { kind: 'bottom' };
        setMessages((prev) => mergeMessages(prev ?? [], r.records));
        setHasMore(r.hasMore);
        setPage(1);
      })
      .catch((err: unknown) => {
        if (live) setMessages([]);
        toastError(err);
      });
    return () => {
      live = false;
    };
  }, [chatId]);
  const unread = unreadsOf(chat, me);
  useEffect(() => {
    if (unread === 0) return;
    if (document.visibilityState === 'visible') return markRead();
    // Arrived while the window was hidden: read once it is shown again.
    const onShow = () => document.visibilityState === 'visible' && markRead();
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [unread, markRead]);

  useEffect(
    () =>
      listenLive(`chat-${chatId}`, (p) => {
        if (p.action !== 'new-message') return;
        const el = scroller.current;
        const near = !el || el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
        if (near || p.newMessage.senderId === me) pendingScroll.current = { kind: 'bottom' };
        setMessages((prev) => mergeMessages(prev ?? [], [p.newMessage]));
      }),
    [chatId, me],
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    const want = pendingScroll.current;
    if (!el || !want) return;
    pendingScroll.current = null;
    el.scrollTop = want.kind === 'bottom' ? el.scrollHeight : el.scrollHeight - want.fromBottom;
  }, [messages]);

  const loadOlder = async () => {
    const el = scroller.current;
    if (!el) return;
    await whileLoadingOlder(async () => {
      const r = await chatsApi.messages(chatId, page + 1);
      pendingScroll.current = { kind: 'keep', fromBottom: el.scrollHeight - el.scrollTop };
      setMessages((prev) => mergeMessages(r.records, prev ?? []));
      setHasMore(r.hasMore);
      setPage((p) => p + 1);
    });
  };
  const onScroll = () => {
    const el = scroller.current;
    if (el && shouldLoadOlder(el.scrollTop, hasMore, loadingOlder)) void loadOlder();
  };

  const send = async () => {
    const body = messageToSend(text);
    if (body === null || sending) return;
    await whileSending(async () => {
      const sent = await chatsApi.send(chatId, body);
      setText('');
      pendingScroll.current = { kind: 'bottom' };
      setMessages((prev) => mergeMessages(prev ?? [], [sent]));
    });
  };

  let lastDay = '';
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-testid="chat-conversation" data-chat-id={chat.id}>
      <Flex vertical style={{ padding: '10px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}`, flexShrink: 0 }}>
        <Typography.Text strong ellipsis data-testid="chat-title-header">
          {chat.title}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {chat.users.map((u) => (u.userId === me ? t('chats.you') : u.user.name)).join(', ')}
        </Typography.Text>
      </Flex>
      <div ref={scroller} onScroll={onScroll} style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '8px 16px', background: token.colorBgLayout }} data-testid="chat-messages">
        {messages === null ? (
          <div data-testid="chat-messages-skeleton">
            <Skeleton active paragraph={{ rows: 5 }} />
          </div>
        ) : messages.length === 0 ? (
          <Flex align="center" justify="center" style={{ height: '100%' }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chats.noMessages')} data-testid="chat-messages-empty" />
          </Flex>
        ) : (
          <>
            {loadingOlder && (
              <Flex justify="center" gap={8} style={{ padding: 8 }} data-testid="chat-older-loading">
                <Spin size="small" />
                <Typography.Text type="secondary">{t('chats.loadingOlder')}</Typography.Text>
              </Flex>
            )}
            {messages.map((m) => {
              const mine = m.senderId === me;
              const day = formatDate(m.createdAt);
              const separator = day !== lastDay;
              lastDay = day;
              return (
                <div key={m.id}>
                  {separator && (
                    <Flex justify="center" style={{ margin: '8px 0' }}>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {day}
                      </Typography.Text>
                    </Flex>
                  )}
                  <Flex justify={mine ? 'flex-end' : 'flex-start'} style={{ margin: '4px 0' }}>
                    <div
                      data-testid="chat-message"
                      data-id={m.id}
                      data-mine={mine}
                      style={{
                        maxWidth: 'min(80%, 560px)',
                        padding: '6px 10px',
                        borderRadius: token.borderRadiusLG,
                        background: mine ? token.colorPrimaryBg : token.colorBgContainer,
                        border: `1px solid ${mine ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
                      }}
                    >
                      {!mine && (
                        <Typography.Text strong style={{ fontSize: 12, display: 'block', color: token.colorPrimaryText }}>
                          {m.sender?.name ?? '—'}
                        </Typography.Text>
                      )}
                      <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="chat-message-text">
                        {m.message}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 11, display: 'block', textAlign: 'end' }}>
                        {formatClock(m.createdAt)}
                      </Typography.Text>
                    </div>
                  </Flex>
                </div>
              );
            })}
          </>
        )}
      </div>
      <Flex gap={8} align="flex-end" style={{ padding: 8, borderTop: `1px solid ${token.colorBorderSecondary}`, flexShrink: 0 }}>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          autoSize={{ minRows: 1, maxRows: 5 }}
          maxLength={CHAT_MESSAGE_MAX}
          placeholder={t('chats.placeholder')}
          aria-label={t('chats.placeholder')}
          data-testid="chat-input"
        />
        <Button type="primary" icon={<SendOutlined />} onClick={() => void send()} loading={sending} disabled={!text.trim()} aria-label={t('chats.send')} data-testid="chat-send" />
      </Flex>
    </Flex>
  );
};
