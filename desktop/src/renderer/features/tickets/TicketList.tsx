import { useState, type UIEvent } from 'react';
import { Empty, Spin } from 'antd';
import { can, type TicketDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { SpyModal } from './SpyModal';
import { TicketListItem } from './TicketListItem';
import { useTicketActions } from './useTicketActions';

interface Props {
  tickets: TicketDto[];
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  testId?: string;
}

// Spec §9: the next page loads within 100 px of the bottom.
const NEXT_PAGE_PX = 100;

export const TicketList = ({ tickets, loading, hasMore, onLoadMore, testId }: Props) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { uuid } = useParams();
  const actions = useTicketActions();
  const [acceptingId, setAcceptingId] = useState<number | null>(null);
  const [spying, setSpying] = useState<TicketDto | null>(null);
  const maySpy = useSession((s) => !!s.user && can(s.user, 'tickets-manager:spy'));

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (hasMore && !loading && el.scrollHeight - el.scrollTop - el.clientHeight < NEXT_PAGE_PX) onLoadMore();
  };
  const onOpen = (ticket: TicketDto) => navigate(`/tickets/${ticket.uuid}`);
  const onAccept = (ticket: TicketDto) => {
    setAcceptingId(ticket.id);
    void actions.accept(ticket).finally(() => setAcceptingId(null));
  };

  return (
    <div data-testid={testId} onScroll={onScroll} style={{ height: '100%', overflowY: 'auto' }}>
      {tickets.map((ticket) => (
        <TicketListItem
          key={ticket.id}
          ticket={ticket}
          selected={ticket.uuid === uuid}
          accepting={acceptingId === ticket.id}
          onOpen={onOpen}
          onAccept={onAccept}
          onSpy={maySpy ? setSpying : undefined}
        />
      ))}
      {loading && (
        <div style={{ textAlign: 'center', padding: 12 }}>
          <Spin size="small" />
        </div>
      )}
      {!loading && tickets.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tickets.empty')} />}
      <SpyModal ticket={spying} onClose={() => setSpying(null)} />
    </div>
  );
};
