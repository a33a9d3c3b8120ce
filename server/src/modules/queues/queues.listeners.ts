import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

export const registerQueueListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('queue.created', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'queue'), { action: 'create', queue: e.queue }));
};
