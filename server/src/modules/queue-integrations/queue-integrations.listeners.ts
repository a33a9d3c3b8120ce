import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** `company-<id>-queueIntegration` to the company's admins (only they manage integrations). */
export const registerQueueIntegrationListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('queueIntegration.saved', (e) =>
    rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'queueIntegration'), { action: e.created ? 'create' : 'update', queueIntegration: e.queueIntegration }),
  );
  bus.on('queueIntegration.deleted', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'queueIntegration'), { action: 'delete', integrationId: e.integrationId }));
};
