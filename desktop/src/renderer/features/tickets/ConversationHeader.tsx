import { useState } from 'react';
import { Button, Flex, Popconfirm, Typography, theme } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { can, type ContactDto, type TicketDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { useTranslation } from 'react-i18next';
import { SlaBadge } from '../sla';
import { useTicketPresence } from './tickets.presence';
import { CollisionNotice } from './Collision';
import { ContactAvatar } from '../../components/ContactAvatar';
import { TransferDialog } from './TransferDialog';
import { useTicketActions } from './useTicketActions';
import { ContactDrawer } from '../contacts';
import { TicketTagsSelect } from '../tags';
import { useConversation } from '../messages';
import { useTickets } from './tickets.store';
import { TimelineButton } from '../bot';
import { FollowUpBanner, ScheduleButton } from '../schedules';

/** A ticket the server answered (tags changed): lists and the open conversation show it now. */
const applyTicket = (ticket: TicketDto) => {
  useTickets.getState().upsert(ticket);
  useConversation.getState().applyTicket(ticket);
};

/** A contact saved in the drawer: its name, picture and tags show at once (the contact event follows). */
const applyContact = ({ id, name, number, profilePicUrl, tags }: ContactDto) => {
  const ref = { id, name, number, profilePicUrl, tags };
  useTickets.getState().applyContact(ref);
  const current = useConversation.getState().ticket;
  if (current?.contactId === id) useConversation.getState().applyTicket({ ...current, contact: ref });
};

/** Buttons by status (spec §2): waiting → Accept, Resolve; open → Transfer, Resolve, Return; closed → Reopen. */
/** Admins (ticket-options:deleteTicket): delete the ticket after a confirmation. */
const DeleteButton = ({ ticket, busy, onDelete }: { ticket: TicketDto; busy: boolean; onDelete: () => void }) => {
  const { t } = useTranslation();
  const may = useSession((s) => !!s.user && can(s.user, 'ticket-options:deleteTicket'));
  if (!may) return null;
  return (
    <Popconfirm
      title={t('manager.deleteTitle', { id: ticket.id })}
      description={t('manager.deleteText')}
      okText={t('manager.yes')}
      cancelText={t('manager.no')}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'ticket-delete-confirm' } as Record<`data-${string}`, string>) }}
      onConfirm={onDelete}
    >
      <Button danger icon={<DeleteOutlined />} loading={busy} aria-label={t('manager.delete')} data-testid="ticket-delete-button" />
    </Popconfirm>
  );
};

const TicketButtons = ({ ticket }: { ticket: TicketDto }) => {
  const { t } = useTranslation();
  const actions = useTicketActions();
  const [transferOpen, setTransferOpen] = useState(false);
  const busy = (name: typeof actions.busy) => actions.busy === name;
  const remove = <DeleteButton ticket={ticket} busy={busy('delete')} onDelete={() => void actions.remove(ticket)} />;

  if (ticket.status === 'closed') {
    return (
      <Flex gap={8} wrap>
        <Button type="primary" loading={busy('reopen')} onClick={() => void actions.reopen(ticket)} data-testid="reopen-button">
          {t('ticket.reopen')}
        </Button>
        {remove}
      </Flex>
    );
  }
  const close = (
    <Button loading={busy('close')} onClick={() => void actions.close(ticket)} data-testid="close-button">
      {t('ticket.close')}
    </Button>
  );
  if (ticket.status === 'pending' || ticket.status === 'attending') {
    return (
      <Flex gap={8} wrap>
        <Button type="primary" loading={busy('accept')} onClick={() => void actions.accept(ticket)} data-testid="accept-button">
          {t('ticket.accept')}
        </Button>
        {close}
        {remove}
      </Flex>
    );
  }
  return (
    <Flex gap={8} wrap>
      <Button onClick={() => void actions.returnToQueue(ticket)} loading={busy('return')} data-testid="return-button">
        {t('ticket.return')}
      </Button>
      <Button onClick={() => setTransferOpen(true)} loading={busy('transfer')} data-testid="transfer-button">
        {t('ticket.transfer')}
      </Button>
      {close}
      {remove}
      <TransferDialog
        open={transferOpen}
        whatsappId={ticket.whatsappId}
        onCancel={() => setTransferOpen(false)}
        onSubmit={async (choice) => {
          setTransferOpen(false);
          await actions.transfer(ticket, choice);
        }}
      />
    </Flex>
  );
};

export const ConversationHeader = ({ ticket }: { ticket: TicketDto }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // The customer typing or recording replaces the assignee line while it lasts.
  const presence = useTicketPresence(ticket.id);
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <>
      <Flex
        align="center"
        gap={12}
        wrap
        style={{ padding: '8px 16px', borderBottom: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}
      >
        <Button
          type="text"
          shape="circle"
          style={{ width: 'auto', height: 'auto', padding: 0 }}
          onClick={() => setContactOpen(true)}
          aria-label={t('drawer.open')}
          title={t('drawer.open')}
          data-testid="contact-drawer-open"
        >
          <ContactAvatar name={ticket.contact.name} src={ticket.contact.profilePicUrl} />
        </Button>
        <Flex vertical style={{ flex: 1, minWidth: 160 }}>
          <Typography.Text strong ellipsis data-testid="conversation-title">
            {`${ticket.contact.name} #${ticket.id}`}
          </Typography.Text>
          {presence ? (
            <Typography.Text italic ellipsis data-testid="conversation-presence" style={{ fontSize: 12, color: token.colorPrimary }}>
              {t(presence === 'composing' ? 'tickets.typing' : 'tickets.recording')}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
              {ticket.user ? t('ticket.assignedTo', { name: ticket.user.name }) : t('ticket.unassigned')}
            </Typography.Text>
          )}
          <CollisionNotice ticket={ticket} />
        </Flex>
        {/* The SLA countdown (issue 30 §3), ticking by the second; none when no clock runs. */}
        <SlaBadge sla={ticket.sla} size="default" />
        <TicketTagsSelect ticket={ticket} onChanged={applyTicket} />
        <TimelineButton ticketId={ticket.id} />
        {ticket.status !== 'closed' && <ScheduleButton ticket={ticket} />}
        <TicketButtons ticket={ticket} />
        <ContactDrawer open={contactOpen} onClose={() => setContactOpen(false)} ticket={ticket} onContactSaved={applyContact} />
      </Flex>
      {/* The ticket's pending follow-ups (issue 13 §2), until sent or cancelled. */}
      <FollowUpBanner ticketId={ticket.id} />
    </>
  );
};
