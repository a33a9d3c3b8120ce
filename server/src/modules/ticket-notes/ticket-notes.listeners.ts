import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/**
 * `company-<id>-ticketNote` (decision 0082) goes only to `ticket:<uuid>`: the sockets that joined
 * the conversation after its permission check, so a note never reaches anyone who cannot see it.
 */
export const registerTicketNoteListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('ticketNote.created', (e) => rt.emit([rooms.ticket(e.ticketUuid)], wireEvent(e.companyId, 'ticketNote'), { action: 'create', note: e.note }));
  bus.on('ticketNote.deleted', (e) =>
    rt.emit([rooms.ticket(e.ticketUuid)], wireEvent(e.companyId, 'ticketNote'), { action: 'delete', ticketId: e.ticketId, id: e.id }),
  );
};
