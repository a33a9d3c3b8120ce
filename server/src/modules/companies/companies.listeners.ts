import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

export const registerCompanyListeners = (bus: EventBus, rt: Realtime): void => {
  // Other open sessions of this user log out (single active session per user).
  bus.on('auth.login', (e) => rt.emit([rooms.user(e.userId)], wireEvent(e.companyId, 'auth'), { action: 'login', user: { id: e.userId } }));
  bus.on('user.created', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'user'), { action: 'create', user: e.user }));
  bus.on('user.updated', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'user'), { action: 'update', user: e.user }));
  bus.on('queue.created', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'queue'), { action: 'create', queue: e.queue }));
  bus.on('contact.created', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'contact'), { action: 'create', contact: e.contact }));
  bus.on('contact.updated', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'contact'), { action: 'update', contact: e.contact }));
};
