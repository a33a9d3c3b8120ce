import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** Contact lists are the admins' (decision 0220): `company-<id>-contactList` / `-contactListItem` to `company:<id>:admins`. */
export const registerContactListListeners = (bus: EventBus, rt: Realtime): void => {
  const to = (companyId: number) => [rooms.admins(companyId)];
  bus.on('contactList.saved', (e) => rt.emit(to(e.companyId), wireEvent(e.companyId, 'contactList'), { action: e.created ? 'create' : 'update', contactList: e.contactList }));
  bus.on('contactList.deleted', (e) => rt.emit(to(e.companyId), wireEvent(e.companyId, 'contactList'), { action: 'delete', contactListId: e.contactListId }));
  bus.on('contactList.importProgress', (e) => rt.emit(to(e.companyId), wireEvent(e.companyId, 'contactList'), { action: 'import', progress: e.progress }));
  bus.on('contactListItem.saved', (e) => rt.emit(to(e.companyId), wireEvent(e.companyId, 'contactListItem'), { action: e.created ? 'create' : 'update', item: e.item }));
  bus.on('contactListItem.deleted', (e) =>
    rt.emit(to(e.companyId), wireEvent(e.companyId, 'contactListItem'), { action: 'delete', contactListId: e.contactListId, itemId: e.itemId }),
  );
};
