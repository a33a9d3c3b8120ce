import type { TicketDto } from '@balcao/shared';
import { listen } from '../../lib/socket';
import { notifyDesk } from '../desktop-notify';
import { useConversation } from '../messages';
import { listKeys } from './tickets.logic';
import { usePresence } from './tickets.presence';
import { useTickets } from './tickets.store';

const isWaiting = (ticketId: number): boolean =>
  useTickets.getState().lists.pending.tickets.some((t) => t.id === ticketId);

/** A ticket this screen shows: in a list, in the search results, or the open conversation. */
const isShown = (ticketId: number): boolean => {
  const { lists, search } = useTickets.getState();
  const has = (tickets: TicketDto[]) => tickets.some((t) => t.id === ticketId);
  return listKeys.some((key) => has(lists[key].tickets)) || has(search.tickets) || useConversation.getState().ticket?.id === ticketId;
};

const bindTicketList = (onCurrentDeleted: () => void): (() => void) =>
  listen('ticket', (payload) => {
    const tickets = useTickets.getState();
    const conversation = useConversation.getState();
    // Only left its status's list: the `update` right behind it moves it (one store, all lists).
    if (payload.action === 'delete' && payload.movedFrom) return;
    // The `update` before it already carried the cleared unread count.
    if (payload.action === 'updateUnread') return;
    if (payload.action === 'delete' || payload.action === 'removeFromList') {
      tickets.remove(payload.ticketId);
      usePresence.getState().set(payload.ticketId, null);
      if (payload.action === 'delete' && conversation.ticket?.id === payload.ticketId) onCurrentDeleted();
      return;
    }
    const { ticket } = payload;
    const wasWaiting = isWaiting(ticket.id);
    tickets.upsert(ticket);
    conversation.applyTicket(ticket);
    // The rules (desktop-notify) decide whether a new waiting ticket rings for this agent.
    void notifyDesk({ kind: 'ticket', ticket, wasWaiting });
  });

/** 'Digitando...' / 'Gravando...': kept per shown ticket; the customer's own message ends it (and updates its ticket). */
const bindPresence = (): (() => void) => {
  const offPresence = listen('presence', ({ ticketId, presence }) => {
    if (presence && !isShown(ticketId)) return;
    usePresence.getState().set(ticketId, presence);
  });
  const offMessages = listen('appMessage', ({ action, message, ticket }) => {
    // The message carries its ticket as it is now (last message, unread count): the lists show it.
    if (ticket) useTickets.getState().upsert(ticket);
    if (action === 'create' && !message.fromMe) usePresence.getState().set(message.ticketId, null);
  });
  return () => {
    offPresence();
    offMessages();
    usePresence.getState().clearAll();
  };
};

/** Live ticket lists (upsert into the right tab, drop deleted ones, notify new waiting tickets) and presence. */
export const bindTicketSocket = (onCurrentDeleted: () => void): (() => void) => {
  const offList = bindTicketList(onCurrentDeleted);
  const offPresence = bindPresence();
  return () => {
    offList();
    offPresence();
  };
};
