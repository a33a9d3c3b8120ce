import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

export const registerAuthListeners = (bus: EventBus, rt: Realtime): void => {
  // Other open sessions of this user log out (single active session per user).
  bus.on('auth.login', (e) => rt.emit([rooms.user(e.userId)], wireEvent(e.companyId, 'auth'), { action: 'login', user: { id: e.userId } }));
};
