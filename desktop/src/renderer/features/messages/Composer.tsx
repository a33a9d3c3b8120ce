import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, Flex, Input, theme } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { useConversation } from './messages.store';

/** Only the agent holding an open ticket may write in it. */
const replyBlocker = (ticket: TicketDto, userId: number | undefined) => {
  if (ticket.status === 'closed') return 'ticket.closedHint' as const;
  if (ticket.status !== 'open') return 'ticket.acceptToReply' as const;
  if (ticket.userId !== userId) return 'ticket.notYours' as const;
  return null;
};

export const Composer = ({ ticket }: { ticket: TicketDto }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const userId = useSession((s) => s.user?.id);
  const send = useConversation((s) => s.send);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(0);
  // Sends run one after another so fast typists' messages keep their order.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const blocker = replyBlocker(ticket, userId);

  const submit = async () => {
    const body = text.trim();
    if (!body || blocker) return; // spec §5: an empty or whitespace message is not sent
    setText('');
    setSending((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        await send(body);
      } catch (err) {
        toastError(err);
        setText((current) => current || body);
      } finally {
        setSending((n) => n - 1);
      }
    });
    await queue.current;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void submit();
  };

  return (
    <Flex gap={8} align="flex-end" style={{ padding: '8px 12px', borderTop: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}>
      <Input.TextArea
        data-testid="message-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        disabled={!!blocker}
        placeholder={blocker ? t(blocker) : t('ticket.inputPlaceholder')}
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={65_536}
      />
      <Button
        type="primary"
        icon={<SendOutlined />}
        disabled={!!blocker || !text.trim()}
        loading={sending > 0}
        onClick={() => void submit()}
        data-testid="send-button"
        aria-label={t('common.send')}
      />
    </Flex>
  );
};
