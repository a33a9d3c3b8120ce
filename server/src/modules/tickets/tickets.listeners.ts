import { wireEvent, type TicketDto } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';
import { ticketRooms } from './visibility';

type Previous = { status: string; queueId: number | null; userId: number | null };

/**
 * Ticket events → the rooms allowed to see them (attendance.md §7 wire names; decision 0042).
 * A new ticket is an `update` too: the spec's client ignores `create` and adds an unknown ticket
 * to the list of its status on `update`.
 */
export const registerTicketListeners = (bus: EventBus, rt: Realtime): void => {
  const onTicket = (e: { companyId: number; ticket: TicketDto; previous?: Previous; read?: true }) => {
    const channel = wireEvent(e.companyId, 'ticket');
    const ids = { ticketId: e.ticket.id, ticketUuid: e.ticket.uuid };
    const now = ticketRooms(e.companyId, e.ticket);
    // Lists are per status: a ticket that changed status leaves the old list before the update
    // puts it in the new one (in this order, on each socket).
    if (e.previous && e.previous.status !== e.ticket.status) {
      rt.emit(now, channel, { action: 'delete', ...ids, movedFrom: e.previous.status as TicketDto['status'] });
    }
    rt.emit(now, channel, { action: 'update', ticket: e.ticket });
    // The spec's notifications drop a ticket on `updateUnread` (its lists reset the badge).
    if (e.read) rt.emit(now, channel, { action: 'updateUnread', ticketId: e.ticket.id });
    if (!e.previous) return;
    // Whoever could see the ticket before but not now drops it from their lists and its room.
    const before = ticketRooms(e.companyId, e.previous).filter((r) => !now.includes(r));
    if (before.length === 0) return;
    rt.emit(before, channel, { action: 'delete', ...ids }, now);
    rt.leave(before, rooms.ticket(e.ticket.uuid), now);
  };

  bus.on('ticket.created', (e) => onTicket(e));
  bus.on('ticket.updated', (e) => onTicket(e));
  bus.on('ticket.deleted', (e) => {
    rt.emit(ticketRooms(e.companyId, e), wireEvent(e.companyId, 'ticket'), { action: 'delete', ticketId: e.ticketId, ticketUuid: e.ticketUuid });
    rt.emit([rooms.ticket(e.ticketUuid)], wireEvent(e.companyId, 'ticket'), { action: 'delete', ticketId: e.ticketId, ticketUuid: e.ticketUuid });
  });

  bus.on('ticket.presence', (e) =>
    rt.emit(ticketRooms(e.companyId, e.ticket), wireEvent(e.companyId, 'presence'), { action: 'update', ticketId: e.ticket.id, presence: e.presence }),
  );
};
