import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** Tags are the whole company's (every agent tags tickets): `company-<id>-tag` to `company:<id>` (decision 0114). */
export const registerTagListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('tag.saved', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'tag'), { action: e.created ? 'create' : 'update', tag: e.tag }));
  bus.on('tag.deleted', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'tag'), { action: 'delete', tagId: e.tagId }));
};
