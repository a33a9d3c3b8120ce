import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';
import type { SlaService } from './sla.service';

/**
 * A message or a ticket change may start, meet or stop a clock (the service decides from the
 * event, costing nothing when it changes nothing); an alert goes to the ticket's queue's
 * supervisors, the company's admins and the ticket's agent.
 */
export const registerSlaListeners = (bus: EventBus, rt: Realtime, sla: SlaService, onError: (err: unknown) => void): void => {
  bus.on('message.created', (e) => sla.onEvent(e).catch(onError));
  bus.on('ticket.updated', (e) => (e.previous ? sla.onEvent(e).catch(onError) : undefined));
  bus.on('sla.alert', (e) => {
    const to = [rooms.admins(e.companyId)];
    if (e.alert.queueId !== null) to.push(rooms.queueSupervisors(e.alert.queueId));
    if (e.alert.userId !== null) to.push(rooms.user(e.alert.userId));
    rt.emit(to, wireEvent(e.companyId, 'sla'), { action: e.kind, alert: e.alert });
  });
};
