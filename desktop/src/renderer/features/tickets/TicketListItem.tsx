import { memo } from 'react';
import { Button, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { EyeOutlined, RobotOutlined } from '@ant-design/icons';
import type { TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { ContactAvatar } from '../../components/ContactAvatar';
import { CountPill } from '../../components/CountPill';
import { formatListTime } from '../../lib/format';
import { useTicketPresence } from './tickets.presence';
import { CollisionMarker } from './Collision';
import { useAgeClock } from './tickets.clock';
import { ageLabel, type AgeTone } from './tickets.logic';
import { SlaBadge } from '../sla';

interface Props {
  ticket: TicketDto;
  selected: boolean;
  accepting: boolean;
  onOpen: (ticket: TicketDto) => void;
  onAccept: (ticket: TicketDto) => void;
  /** Admins: the "Espiar Conversa" eye (absent: no eye). */
  onSpy?: (ticket: TicketDto) => void;
}

const NO_QUEUE_COLOUR = '#7c7c7c';
const isWaiting = (t: TicketDto) => t.status === 'pending' || t.status === 'attending';

/** How long since the ticket last moved, in the spec's colours and units; nothing for a resolved one. */
const AgeBadge = ({ ticket }: { ticket: TicketDto }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const now = useAgeClock();
  const age = ticket.status === 'closed' ? null : ageLabel(ticket.updatedAt, now);
  if (!age) return null;
  const colour: Record<AgeTone, string> = { green: token.colorSuccess, orange: token.colorWarning, red: token.colorError };
  return (
    <span data-testid="ticket-age" data-tone={age.tone} style={{ fontSize: 11, fontWeight: 600, color: colour[age.tone], flexShrink: 0 }}>
      {t(`manager.age.${age.unit}`, { count: age.value })}
    </span>
  );
};

/** The SLA time left (issue 30 §3) on the list's shared clock: the list re-renders every 30 s, not every second. */
const SlaTimeLeft = ({ ticket }: { ticket: TicketDto }) => {
  const now = useAgeClock();
  return <SlaBadge sla={ticket.sla} now={now} />;
};

const TicketListItemView = ({ ticket, selected, accepting, onOpen, onAccept, onSpy }: Props) => {
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
          <Flex align="center" gap={6} style={{ flexShrink: 0 }}>
            <CollisionMarker ticketId={ticket.id} />
            {ticket.chatbot && (
              <Tooltip title={t('manager.chatbot')}>
                <RobotOutlined data-testid="ticket-chatbot" aria-label={t('manager.chatbot')} style={{ color: token.colorPrimary }} />
              </Tooltip>
            )}
            {onSpy && (
              <Tooltip title={t('manager.spy')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EyeOutlined />}
                  aria-label={t('manager.spy')}
                  data-testid="spy-button"
                  onClick={(e) => {
                    e.stopPropagation();
                    onSpy(ticket);
                  }}
                  onKeyDown={(e) => e.stopPropagation()}
                />
              </Tooltip>
            )}
            <AgeBadge ticket={ticket} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="ticket-time">
              {formatListTime(ticket.updatedAt)}
            </Typography.Text>
          </Flex>
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
          <SlaTimeLeft ticket={ticket} />
          {ticket.whatsapp && (
            <Tag variant="filled" style={{ marginInlineEnd: 0, fontSize: 11 }} data-testid="ticket-connection">
              {ticket.whatsapp.name}
            </Tag>
          )}
          {ticket.user && (
            <Tag variant="filled" color="blue" style={{ marginInlineEnd: 0, fontSize: 11 }}>
              {ticket.user.name}
            </Tag>
          )}
          <Tag color={ticket.queue?.color || NO_QUEUE_COLOUR} style={{ marginInlineEnd: 0, fontSize: 11 }} data-testid="ticket-queue">
            {ticket.queue?.name ?? t('tickets.noQueue')}
          </Tag>
          {/* The contact's own tags (attendance.md §2), then the ticket's that it lacks. */}
          {(ticket.contact.tags ?? []).map((tag) => (
            <Tag key={`c${tag.id}`} color={tag.color} style={{ marginInlineEnd: 0, fontSize: 11 }} data-testid="ticket-contact-tag">
              {tag.name}
            </Tag>
          ))}
          {ticket.tags
            ?.filter((tag) => !ticket.contact.tags?.some((c) => c.id === tag.id))
            .map((tag) => (
              <Tag key={tag.id} color={tag.color} style={{ marginInlineEnd: 0, fontSize: 11 }} data-testid="ticket-tag">
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
