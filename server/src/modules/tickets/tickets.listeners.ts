import { wireEvent, type TicketDto } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';
import { ticketRooms } from './visibility';

/** Ticket events → the rooms allowed to see them (attendance.md §7 wire names). */
export const registerTicketListeners = (bus: EventBus, rt: Realtime): void => {
  const onTicket = (e: { companyId: number; ticket: TicketDto; previous?: { queueId: number | null; userId: number | null } }, action: 'create' | 'update') => {
    const now = ticketRooms(e.companyId, e.ticket);
    rt.emit(now, wireEvent(e.companyId, 'ticket'), { action, ticket: e.ticket });
    if (!e.previous) return;
    // Whoever could see the ticket before but not now drops it from their lists and its room.
    const before = ticketRooms(e.companyId, e.previous).filter((r) => !now.includes(r));
    if (before.length === 0) return;
    rt.emit(before, wireEvent(e.companyId, 'ticket'), { action: 'delete', ticketId: e.ticket.id, ticketUuid: e.ticket.uuid }, now);
    rt.leave(before, rooms.ticket(e.ticket.uuid), now);
  };

  bus.on('ticket.created', (e) => onTicket(e, 'create'));
  bus.on('ticket.updated', (e) => onTicket(e, 'update'));
  bus.on('ticket.deleted', (e) => {
    rt.emit(ticketRooms(e.companyId, e), wireEvent(e.companyId, 'ticket'), { action: 'delete', ticketId: e.ticketId, ticketUuid: e.ticketUuid });
    rt.emit([rooms.ticket(e.ticketUuid)], wireEvent(e.companyId, 'ticket'), { action: 'delete', ticketId: e.ticketId, ticketUuid: e.ticketUuid });
  });

  bus.on('ticket.presence', (e) =>
    rt.emit(ticketRooms(e.companyId, e.ticket), wireEvent(e.companyId, 'presence'), { action: 'update', ticketId: e.ticket.id, presence: e.presence }),
  );
};
