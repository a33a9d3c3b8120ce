import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

export const registerContactListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('contact.created', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'contact'), { action: 'create', contact: e.contact }));
  bus.on('contact.deleted', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'contact'), { action: 'delete', contactId: e.contactId }));
  bus.on('contact.updated', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'contact'), { action: 'update', contact: e.contact }));
};
