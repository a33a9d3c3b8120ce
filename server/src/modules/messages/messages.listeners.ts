import { wireEvent, type MessageDto, type TicketDto } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { rooms, type Realtime } from '../../infra/rooms';

/** Message events → the conversation's room (attendance.md §7 `appMessage`); new sends wake the worker. */
export const registerMessageListeners = (bus: EventBus, rt: Realtime, jobs: Pick<Jobs, 'notify'>): void => {
  const onMessage = (e: { companyId: number; message: MessageDto; ticket: TicketDto }, action: 'create' | 'update') =>
    rt.emit([rooms.ticket(e.ticket.uuid)], wireEvent(e.companyId, 'appMessage'), { action, message: e.message, ticket: e.ticket, contact: e.ticket.contact });
  bus.on('message.created', (e) => onMessage(e, 'create'));
  bus.on('message.updated', (e) => onMessage(e, 'update'));
  // A freshly committed outgoing message: wake the send worker instead of waiting for its poll.
  bus.on('message.created', (e) => {
    if (e.message.fromMe && e.message.ack === 0) jobs.notify('message.send');
  });
};
