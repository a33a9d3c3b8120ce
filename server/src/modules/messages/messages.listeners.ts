import { wireEvent, type MessageDto, type TicketDto } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { rooms, type Realtime } from '../../infra/rooms';
import { ticketRooms } from '../tickets';

/**
 * Message events (attendance.md §7 `appMessage`; decision 0043): a new message reaches everyone
 * who may see its ticket (lists and notifications move on it) — exactly `ticketRooms`, never a
 * wider room — plus the conversation's room; a changed one (ack, edit) only the conversation's
 * room. New sends wake the worker.
 */
export const registerMessageListeners = (bus: EventBus, rt: Realtime, jobs: Pick<Jobs, 'notify'>): void => {
  const payload = (e: { message: MessageDto; ticket: TicketDto }, action: 'create' | 'update') => ({ action, message: e.message, ticket: e.ticket, contact: e.ticket.contact });
  bus.on('message.created', (e) =>
    rt.emit([...ticketRooms(e.companyId, e.ticket), rooms.ticket(e.ticket.uuid)], wireEvent(e.companyId, 'appMessage'), payload(e, 'create')),
  );
  bus.on('message.updated', (e) => rt.emit([rooms.ticket(e.ticket.uuid)], wireEvent(e.companyId, 'appMessage'), payload(e, 'update')));
  // A freshly committed outgoing message: wake the send worker instead of waiting for its poll.
  bus.on('message.created', (e) => {
    if (e.message.fromMe && e.message.ack === 0) jobs.notify('message.send');
  });
};
