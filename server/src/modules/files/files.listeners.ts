import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** File lists are the admins' (decision 0220): `company-<id>-file` to `company:<id>:admins`. */
export const registerFileListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('fileList.saved', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'file'), { action: e.created ? 'create' : 'update', file: e.file }));
  bus.on('fileList.deleted', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'file'), { action: 'delete', fileId: e.fileId }));
};
