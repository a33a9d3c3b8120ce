import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** Users are an admin screen: only the company's admins hear about them. */
export const registerUserListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('user.created', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'user'), { action: 'create', user: e.user }));
  bus.on('user.updated', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'user'), { action: 'update', user: e.user }));
};
