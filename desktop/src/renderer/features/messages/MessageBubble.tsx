import { memo } from 'react';
import { Typography, theme } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import type { MessageDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { AckIcon } from '../../components/AckIcon';
import { formatClock } from '../../lib/format';
import { captionOf } from './media.logic';
import { MessageMedia } from './MessageMedia';

const MessageBubbleView = ({ message }: { message: MessageDto }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mine = message.fromMe;
  const deletedByContact = message.isDeleted && !mine;
  const caption = captionOf(message);
  // Stickers float like WhatsApp's, without the bubble behind them.
  const bare = message.mediaType === 'sticker' && !deletedByContact;

  return (
    <div
      data-testid="message"
      data-message-id={message.id}
      data-ack={message.ack}
      data-from-me={String(mine)}
      style={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '75%',
        margin: '2px 0',
        padding: '6px 10px 4px',
        borderRadius: 10,
        background: bare ? 'transparent' : mine ? token.colorPrimaryBg : token.colorBgContainer,
        boxShadow: bare ? 'none' : token.boxShadowTertiary,
      }}
    >
      {message.isForwarded && (
        <Typography.Text type="secondary" italic style={{ fontSize: 11, display: 'block' }}>
          <ShareAltOutlined /> {t('ticket.forwarded')}
        </Typography.Text>
      )}
      {message.quotedMsg && (
        <div style={{ borderInlineStart: `3px solid ${token.colorPrimary}`, padding: '2px 8px', marginBottom: 4, opacity: 0.8, fontSize: 12 }}>
          {message.quotedMsg.body}
        </div>
      )}
      {deletedByContact ? (
        <Typography.Text type="secondary" italic>
          {t('ticket.deleted')}
        </Typography.Text>
      ) : (
        <>
          <MessageMedia message={message} />
          {caption && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{caption}</div>}
        </>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 4, fontSize: 11, color: token.colorTextSecondary }}>
        {message.isEdited && <span>✎</span>}
        <span>{formatClock(message.createdAt)}</span>
        {mine && <AckIcon ack={message.ack} />}
      </div>
    </div>
  );
};

export const MessageBubble = memo(MessageBubbleView);
