import { useLayoutEffect, useMemo, useRef } from 'react';
import { Divider, Empty, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { toastError } from '../../lib/reportError';
import { MessageBubble } from './MessageBubble';
import { buildRows } from './messages.logic';
import { useConversation } from './messages.store';

// Spec §9: previous messages load when scrollTop is under 50.
const OLDER_PX = 50;
const STICKY_BOTTOM_PX = 150;

export const MessageList = () => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { messages, hasMore, loading, tailVersion, loadOlder } = useConversation(
    useShallow((s) => ({ messages: s.messages, hasMore: s.hasMore, loading: s.loading, tailVersion: s.tailVersion, loadOlder: s.loadOlder })),
  );
  const rows = useMemo(() => buildRows(messages), [messages]);
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);

  const fetchOlder = () => {
    const el = ref.current;
    if (!el || !hasMore || loading) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    loadOlder().catch(toastError);
  };

  // Older page prepended: keep the same message under the reader's eyes.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [messages]);

  // New newest message (or first load): follow it if the reader was at the bottom or sent it.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const last = messages[messages.length - 1];
    if (atBottom.current || last?.fromMe) el.scrollTop = el.scrollHeight;
  }, [tailVersion]);

  // A first page too short to scroll would never trigger the older-page load.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && hasMore && !loading && el.scrollHeight <= el.clientHeight) fetchOlder();
  });

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_BOTTOM_PX;
    if (el.scrollTop < OLDER_PX) fetchOlder();
  };

  return (
    <div
      ref={ref}
      onScroll={onScroll}
      data-testid="message-list"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '12px 16px', display: 'flex', flexDirection: 'column', background: token.colorFillQuaternary }}
    >
      {loading && (
        <div style={{ textAlign: 'center', padding: 8 }}>
          <Spin size="small" />
        </div>
      )}
      {!loading && messages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ticket.emptyConversation')} />}
      {rows.map((row) => {
        if (row.kind === 'message') return <MessageBubble key={row.key} message={row.message} />;
        if (row.kind === 'marker') {
          return (
            <Divider key={row.key} data-testid="ticket-marker" style={{ fontSize: 12, color: token.colorPrimary }}>
              {t('ticket.marker', { id: row.ticketId })}
            </Divider>
          );
        }
        return (
          <div key={row.key} data-testid="date-separator" style={{ alignSelf: 'center', margin: '8px 0', padding: '2px 10px', borderRadius: 8, fontSize: 12, background: token.colorBgContainer, color: token.colorTextSecondary }}>
            {row.label}
          </div>
        );
      })}
    </div>
  );
};
