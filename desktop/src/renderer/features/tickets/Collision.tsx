import { EyeOutlined, EditOutlined } from '@ant-design/icons';
import { Tooltip, Typography, theme } from 'antd';
import type { TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { useColleagues, type Colleague } from './collision.store';
import { useAnnounceTicket } from './collision.socket';

/** "Ana está digitando… · Bruno está vendo": typing first, one phrase per state. */
const useCollisionText = (colleagues: readonly Colleague[]): string => {
  const { t } = useTranslation();
  const typing = colleagues.filter((c) => c.state === 'typing').map((c) => c.name);
  const viewing = colleagues.filter((c) => c.state === 'viewing').map((c) => c.name);
  const phrase = (names: string[], typingNow: boolean) => {
    if (names.length === 1) return typingNow ? t('collision.typing', { name: names[0] }) : t('collision.viewing', { name: names[0] });
    const all = names.join(', ');
    return typingNow ? t('collision.typingMany', { names: all }) : t('collision.viewingMany', { names: all });
  };
  return [
    typing.length ? phrase(typing, true) : '',
    viewing.length ? phrase(viewing, false) : '',
  ]
    .filter(Boolean)
    .join(' · ');
};

/**
 * In the conversation header: announces that this agent has the ticket open (and typing in it)
 * and shows the colleagues who do too. Renders nothing while nobody else is there.
 */
export const CollisionNotice = ({ ticket }: { ticket: TicketDto }) => {
  const { token } = theme.useToken();
  const meId = useSession((s) => s.user?.id);
  useAnnounceTicket(ticket.uuid, ticket.id);
  const colleagues = useColleagues(ticket.id, meId);
  const text = useCollisionText(colleagues);
  if (!colleagues.length) return null;
  return (
    <Typography.Text
      ellipsis
      role="status"
      data-testid="collision-notice"
      data-state={colleagues[0]!.state}
      style={{ fontSize: 12, color: token.colorWarningText, width: '100%' }}
    >
      {colleagues[0]!.state === 'typing' ? <EditOutlined /> : <EyeOutlined />} {text}
    </Typography.Text>
  );
};

/** In a ticket list item: a small eye (a pencil while someone types) with the names on hover. */
export const CollisionMarker = ({ ticketId }: { ticketId: number }) => {
  const { token } = theme.useToken();
  const meId = useSession((s) => s.user?.id);
  const colleagues = useColleagues(ticketId, meId);
  const text = useCollisionText(colleagues);
  if (!colleagues.length) return null;
  const typing = colleagues[0]!.state === 'typing';
  return (
    <Tooltip title={text}>
      <span data-testid="collision-marker" data-state={typing ? 'typing' : 'viewing'} aria-label={text} role="img" style={{ color: token.colorWarning, fontSize: 12, flexShrink: 0 }}>
        {typing ? <EditOutlined /> : <EyeOutlined />}
      </span>
    </Tooltip>
  );
};
