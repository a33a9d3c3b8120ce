import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/**
 * `company-<id>-announcement` to every company's room, each under its own id (decision 0275): an
 * active announcement is `create`/`update` with the record; a deleted or inactive one is `delete`.
 */
export const registerAnnouncementListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('announcement.saved', (e) => {
    const payload = e.announcement.status
      ? { action: e.created ? ('create' as const) : ('update' as const), record: e.announcement }
      : { action: 'delete' as const, id: e.announcement.id };
    for (const companyId of e.companyIds) rt.emit([rooms.company(companyId)], wireEvent(companyId, 'announcement'), payload);
  });
  bus.on('announcement.deleted', (e) => {
    for (const companyId of e.companyIds) rt.emit([rooms.company(companyId)], wireEvent(companyId, 'announcement'), { action: 'delete', id: e.announcementId });
  });
};
