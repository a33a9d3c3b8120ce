import i18n from 'i18next';
import type { TicketDto } from '@balcao/shared';
import { listen } from '../../lib/socket';
import { getPlatform } from '../../platform/platform';
import { useConversation } from '../messages/messages.store';
import { useTickets } from './tickets.store';

const isWaiting = (ticketId: number): boolean =>
  useTickets.getState().lists.pending.tickets.some((t) => t.id === ticketId);

const notifyPending = (ticket: TicketDto): void => {
  getPlatform()
    .showNotification({
      title: (ticket.contact?.name || i18n.t('tickets.newPending')).slice(0, 200),
      body: (ticket.lastMessage || i18n.t('tickets.newPending')).slice(0, 200),
      ticketUuid: ticket.uuid,
    })
    .catch(() => undefined);
};

/** Live ticket lists: upsert into the right tab, drop deleted ones, notify new waiting tickets. */
export const bindTicketSocket = (onCurrentDeleted: () => void): (() => void) =>
  listen('ticket', (payload) => {
    const tickets = useTickets.getState();
    const conversation = useConversation.getState();
    if (payload.action === 'delete' || payload.action === 'removeFromList') {
      tickets.remove(payload.ticketId);
      if (payload.action === 'delete' && conversation.ticket?.id === payload.ticketId) onCurrentDeleted();
      return;
    }
    const { ticket } = payload;
    const wasWaiting = isWaiting(ticket.id);
    tickets.upsert(ticket);
    conversation.applyTicket(ticket);
    if (ticket.status === 'pending' && !wasWaiting && isWaiting(ticket.id)) notifyPending(ticket);
  });
