import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Empty, Flex, Spin, theme } from 'antd';
import type { MessageDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { MessageBubble } from './MessageBubble';
import { messagesApi } from './messages.api';
import { mergeMessages } from './messages.logic';

interface Props {
  ticketId: number;
  /** Shown when the ticket has no message. */
  emptyText: string;
  /** The "load older" button's label. */
  olderText: string;
}

/**
 * A ticket's history to look at without acting (the admin's "Espiar Conversa"): its own pages of
 * GET /messages/:ticketId (which never marks anything read), bubbles without menus, no composer.
 * Independent of the open conversation's store, so peeking never disturbs the ticket on screen.
 */
export const ReadOnlyConversation = ({ ticketId, emptyText, olderText }: Props) => {
  const { token } = theme.useToken();
  const [messages, setMessages] = useState<MessageDto[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const bottom = useRef<HTMLDivElement>(null);

  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      try {
        const res = await messagesApi.list(ticketId, pageNumber);
        setMessages((current) => mergeMessages(pageNumber === 1 ? [] : current, res.messages));
        setHasMore(res.hasMore);
        setPage(pageNumber);
      } catch (err) {
        toastError(err);
      } finally {
        setLoading(false);
      }
    },
    [ticketId],
  );

  useEffect(() => {
    void load(1);
  }, [load]);
  // The newest messages first in view, as in the conversation.
  useEffect(() => {
    if (page === 1) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [page, messages.length]);

  return (
    <div data-testid="spy-conversation" style={{ maxHeight: '60vh', overflowY: 'auto', padding: 8, background: token.colorBgLayout, borderRadius: token.borderRadius }}>
      {hasMore && (
        <Flex justify="center" style={{ marginBottom: 8 }}>
          <Button size="small" loading={loading} onClick={() => void load(page + 1)} data-testid="spy-older">
            {olderText}
          </Button>
        </Flex>
      )}
      {messages.map((m) => (
        <MessageBubble key={m.id} message={m} readOnly />
      ))}
      {loading && page === 0 && (
        <Flex justify="center" style={{ padding: 16 }}>
          <Spin />
        </Flex>
      )}
      {!loading && messages.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      <div ref={bottom} />
    </div>
  );
};
