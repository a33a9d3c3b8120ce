import { memo, type ReactNode } from 'react';
import { Checkbox, Tooltip, Typography, theme } from 'antd';
import { CloudOutlined, PhoneOutlined, ShareAltOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { MessageDto, MessageReaction } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { AckIcon } from '../../components/AckIcon';
import { formatClock } from '../../lib/format';
import { WhatsAppText } from '../../components/WhatsAppText';
import { captionOf, previewOf } from './media.logic';
import { MessageMedia } from './MessageMedia';
import { MessageMenu, type MenuBinding } from './MessageMenu';
import { MessageCopilotTexts } from '../copilot';

/** Reactions under the bubble, one chip per emoji with its count. */
const groupReactions = (reactions: readonly MessageReaction[]): { emoji: string; count: number; mine: boolean }[] => {
  const groups = new Map<string, { emoji: string; count: number; mine: boolean }>();
  for (const r of reactions) {
    if (!r.emoji) continue;
    const g = groups.get(r.emoji) ?? { emoji: r.emoji, count: 0, mine: false };
    g.count += 1;
    g.mine ||= r.fromMe;
    groups.set(r.emoji, g);
  }
  return [...groups.values()];
};

const Reactions = ({ reactions, mine }: { reactions: readonly MessageReaction[]; mine: boolean }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const groups = groupReactions(reactions);
  if (groups.length === 0) return null;
  const list = groups.map((g) => (g.count > 1 ? `${g.emoji} ${g.count}` : g.emoji)).join(' ');
  return (
    <div
      data-testid="message-reactions"
      aria-label={t('conversation.reactions', { list })}
      style={{ display: 'flex', gap: 4, marginTop: -6, marginBottom: 2, alignSelf: mine ? 'flex-end' : 'flex-start', paddingInline: 8 }}
    >
      {groups.map((g) => (
        <span
          key={g.emoji}
          data-testid="reaction-chip"
          data-mine={String(g.mine)}
          style={{
            fontSize: 13,
            padding: '0 6px',
            borderRadius: 10,
            background: token.colorBgElevated,
            border: `1px solid ${g.mine ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
          }}
        >
          {g.emoji}
          {g.count > 1 && <span style={{ marginInlineStart: 2, fontSize: 11 }}>{g.count}</span>}
        </span>
      ))}
    </div>
  );
};

const CallLog = ({ body }: { body: string }) => {
  const { t } = useTranslation();
  const video = /v[ií]deo|video/i.test(body);
  return (
    <Typography.Text data-testid="message-call" data-video={String(video)}>
      {video ? <VideoCameraOutlined /> : <PhoneOutlined />} {body || (video ? t('conversation.call.video') : t('conversation.call.voice'))}
    </Typography.Text>
  );
};

export interface BubbleProps {
  message: MessageDto;
  /** Briefly set after a jump from a quote, so the eye finds it. */
  highlighted?: boolean;
  /** A click on the quoted block: scroll to that message. */
  onQuote?: (id: number) => void;
  /** Forward mode: a checkbox before the bubble. */
  selecting?: boolean;
  selected?: boolean;
  onToggle?: (id: number) => void;
  /** A look without acting (the admin's "Espiar Conversa"): no menu, no actions. */
  readOnly?: boolean;
  /** The name of the connection that carried it when not the ticket's own (a Cloud fallback; decision 0412). */
  carriedBy?: string;
}

const noMenu: MenuBinding = { onContextMenu: () => undefined, onTouchStart: () => undefined, onTouchEnd: () => undefined, button: null };
/** Stands in for MessageMenu when the bubble is read-only. */
const NoMenu = ({ children }: { message: MessageDto; children: (bind: MenuBinding) => ReactNode }) => <>{children(noMenu)}</>;

const MessageBubbleView = ({ message, highlighted = false, onQuote, selecting = false, selected = false, onToggle, readOnly = false, carriedBy }: BubbleProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mine = message.fromMe;
  const deleted = message.isDeleted;
  const caption = captionOf(message);
  const callLog = message.mediaType === 'call_log';
  // Stickers float like WhatsApp's, without the bubble behind them.
  const bare = message.mediaType === 'sticker' && !deleted;
  const quoted = message.quotedMsg;

  const Menu = readOnly ? NoMenu : MessageMenu;
  return (
    <Menu message={message}>
      {(menu) => (
        <div
          data-testid="message-row"
          style={{ display: 'flex', alignItems: 'flex-start', gap: 8, padding: '1px 0', justifyContent: mine ? 'flex-end' : 'flex-start' }}
          onClick={selecting ? () => onToggle?.(message.id) : undefined}
        >
          {selecting && (
            <Checkbox
              checked={selected}
              onChange={() => onToggle?.(message.id)}
              onClick={(e) => e.stopPropagation()}
              aria-label={t('conversation.forward.select')}
              data-testid="message-select"
              style={{ alignSelf: 'center', order: mine ? 0 : -1, marginInlineEnd: mine ? 'auto' : 0 }}
            />
          )}
          <div style={{ display: 'flex', flexDirection: 'column', maxWidth: '75%', minWidth: 0 }}>
            <div
              data-testid="message"
              data-message-id={message.id}
              data-ack={message.ack}
              data-from-me={String(mine)}
              data-kind={message.mediaType ?? 'text'}
              data-highlighted={highlighted ? 'true' : undefined}
              className="balcao-bubble"
              onContextMenu={selecting ? undefined : menu.onContextMenu}
              onTouchStart={selecting ? undefined : menu.onTouchStart}
              onTouchEnd={menu.onTouchEnd}
              onTouchMove={menu.onTouchEnd}
              style={{
                position: 'relative',
                alignSelf: mine ? 'flex-end' : 'flex-start',
                maxWidth: '100%',
                margin: '2px 0',
                padding: '6px 10px 4px',
                paddingInlineEnd: 28,
                borderRadius: 10,
                background: bare ? 'transparent' : mine ? token.colorPrimaryBg : token.colorBgContainer,
                boxShadow: bare ? 'none' : token.boxShadowTertiary,
                outline: highlighted ? `2px solid ${token.colorWarning}` : 'none',
                transition: 'outline-color .3s',
                wordBreak: 'break-word',
              }}
            >
              {!selecting && <div style={{ position: 'absolute', top: 2, insetInlineEnd: 2 }}>{menu.button}</div>}
              {message.isForwarded && !deleted && (
                <Typography.Text type="secondary" italic style={{ fontSize: 11, display: 'block' }} data-testid="message-forwarded">
                  <ShareAltOutlined /> {t('ticket.forwarded')}
                </Typography.Text>
              )}
              {quoted && !deleted && (
                <button
                  type="button"
                  data-testid="message-quoted"
                  data-quoted-id={quoted.id}
                  aria-label={t('conversation.quotedJump')}
                  onClick={(e) => {
                    e.stopPropagation();
                    onQuote?.(quoted.id);
                  }}
                  style={{
                    display: 'block',
                    width: '100%',
                    textAlign: 'start',
                    cursor: 'pointer',
                    border: 'none',
                    font: 'inherit',
                    color: 'inherit',
                    borderInlineStart: `3px solid ${quoted.fromMe ? token.colorPrimary : token.colorSuccess}`,
                    borderRadius: 4,
                    background: token.colorFillTertiary,
                    padding: '2px 8px',
                    marginBottom: 4,
                    fontSize: 12,
                  }}
                >
                  {quoted.fromMe && (
                    <Typography.Text strong style={{ display: 'block', fontSize: 12, color: token.colorPrimary }}>
                      {t('conversation.you')}
                    </Typography.Text>
                  )}
                  <span style={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', whiteSpace: 'pre-wrap' }}>
                    {previewOf(quoted, (key) => t(key)) || quoted.body}
                  </span>
                </button>
              )}
              {deleted ? (
                <Typography.Text type="secondary" italic data-testid="message-deleted">
                  {mine ? t('conversation.deletedByMe') : t('ticket.deleted')}
                </Typography.Text>
              ) : callLog ? (
                <CallLog body={message.body} />
              ) : (
                <>
                  <MessageMedia message={message} />
                  {caption && <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}><WhatsAppText text={caption} /></div>}
                  <MessageCopilotTexts message={message} />
                </>
              )}
              {/* The channel's own reason (a Cloud status's "131047 …"): the agent learns why, not only that it failed. */}
              {mine && message.ack < 0 && message.errorDetail && (
                <Typography.Text type="danger" data-testid="message-failure" style={{ display: 'block', fontSize: 11 }}>
                  {t('conversation.failedBecause', { reason: message.errorDetail, interpolation: { escapeValue: false } })}
                </Typography.Text>
              )}
              <div style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 4, fontSize: 11, color: token.colorTextSecondary }}>
                {message.isEdited && !deleted && <span data-testid="message-edited">{t('conversation.edited')}</span>}
                {carriedBy && (
                  <Tooltip title={t('conversation.carriedByHint')}>
                    <span data-testid="message-carrier" data-whatsapp-id={message.whatsappId}>
                      <CloudOutlined /> {t('conversation.carriedBy', { name: carriedBy })}
                    </span>
                  </Tooltip>
                )}
                <Tooltip title={message.createdAt ? new Date(message.createdAt).toLocaleString() : undefined}>
                  <span>{formatClock(message.createdAt)}</span>
                </Tooltip>
                {mine && <AckIcon ack={message.ack} />}
              </div>
            </div>
            {!deleted && message.reactions && <Reactions reactions={message.reactions} mine={mine} />}
          </div>
        </div>
      )}
    </Menu>
  );
};

export const MessageBubble = memo(MessageBubbleView);
