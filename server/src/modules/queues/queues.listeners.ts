import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** `company-<id>-queue` to the whole company (every screen lists queues): create, update, delete. */
export const registerQueueListeners = (bus: EventBus, rt: Realtime): void => {
  const channel = (companyId: number) => wireEvent(companyId, 'queue');
  bus.on('queue.created', (e) => rt.emit([rooms.company(e.companyId)], channel(e.companyId), { action: 'create', queue: e.queue }));
  bus.on('queue.updated', (e) => rt.emit([rooms.company(e.companyId)], channel(e.companyId), { action: 'update', queue: e.queue }));
  bus.on('queue.deleted', (e) => rt.emit([rooms.company(e.companyId)], channel(e.companyId), { action: 'delete', queueId: e.queueId }));
};
