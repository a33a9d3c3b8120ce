import { memo } from 'react';
import { Button, Flex, Tag, Typography, theme } from 'antd';
import type { TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { ContactAvatar } from '../../components/ContactAvatar';
import { CountPill } from '../../components/CountPill';
import { formatListTime } from '../../lib/format';
import { useTicketPresence } from './tickets.presence';
import { CollisionMarker } from './Collision';

interface Props {
  ticket: TicketDto;
  selected: boolean;
  accepting: boolean;
  onOpen: (ticket: TicketDto) => void;
  onAccept: (ticket: TicketDto) => void;
}

const NO_QUEUE_COLOUR = '#7c7c7c';
const isWaiting = (t: TicketDto) => t.status === 'pending' || t.status === 'attending';

const TicketListItemView = ({ ticket, selected, accepting, onOpen, onAccept }: Props) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const waiting = isWaiting(ticket);
  // The DTO's presence is always null (never stored); the live one comes from the socket.
  const presence = useTicketPresence(ticket.id);

  return (
    <div
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
      role="button"
      tabIndex={0}
      // Spec §2: a waiting ticket does not open on click; it is accepted first.
      onClick={() => !waiting && onOpen(ticket)}
      onKeyDown={(e) => e.key === 'Enter' && !waiting && onOpen(ticket)}
      style={{
        display: 'flex',
        gap: 10,
        padding: '10px 12px 10px 0',
        cursor: waiting ? 'default' : 'pointer',
        background: selected ? token.controlItemBgActive : undefined,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div style={{ width: 5, borderRadius: '0 4px 4px 0', background: ticket.queue?.color || NO_QUEUE_COLOUR, flexShrink: 0 }} />
      <ContactAvatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={2}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong ellipsis>
            {ticket.contact.name}
          </Typography.Text>
          <CollisionMarker ticketId={ticket.id} />
          <Typography.Text type="secondary" style={{ fontSize: 12, flexShrink: 0 }}>
            {formatListTime(ticket.updatedAt)}
          </Typography.Text>
        </Flex>
        <Flex justify="space-between" align="center" gap={8}>
          {presence ? (
            <Typography.Text italic ellipsis data-testid="ticket-presence" style={{ fontSize: 13, color: token.colorPrimary }}>
              {t(presence === 'composing' ? 'tickets.typing' : 'tickets.recording')}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }} data-testid="ticket-last-message">
              {ticket.lastMessage || '\u00a0'}
            </Typography.Text>
          )}
          {ticket.unreadMessages > 0 && <CountPill count={ticket.unreadMessages} testId="unread-count" />}
        </Flex>
        <Flex wrap gap={4} align="center">
          <Tag variant="filled" style={{ marginInlineEnd: 0, fontSize: 11 }}>
            {ticket.whatsapp?.name}
          </Tag>
          {ticket.user && (
            <Tag variant="filled" color="blue" style={{ marginInlineEnd: 0, fontSize: 11 }}>
              {ticket.user.name}
            </Tag>
          )}
          <Tag color={ticket.queue?.color || NO_QUEUE_COLOUR} style={{ marginInlineEnd: 0, fontSize: 11 }}>
            {ticket.queue?.name ?? t('tickets.noQueue')}
          </Tag>
          {ticket.tags?.map((tag) => (
            <Tag key={tag.id} color={tag.color} style={{ marginInlineEnd: 0, fontSize: 11 }}>
              {tag.name}
            </Tag>
          ))}
          {waiting && (
            <Button
              size="small"
              type="primary"
              loading={accepting}
              data-testid="accept-button"
              style={{ marginInlineStart: 'auto' }}
              onClick={(e) => {
                e.stopPropagation();
                onAccept(ticket);
              }}
            >
              {t('ticket.accept')}
            </Button>
          )}
        </Flex>
      </Flex>
    </div>
  );
};

export const TicketListItem = memo(TicketListItemView);
