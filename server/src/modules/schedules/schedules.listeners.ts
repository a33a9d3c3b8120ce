import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** `company<id>-schedule` to the whole company (everyone sees the calendar; decision 0213). */
export const registerScheduleListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('schedule.saved', (e) =>
    rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'schedule'), { action: e.created ? ('create' as const) : ('update' as const), schedule: e.schedule }),
  );
  bus.on('schedule.deleted', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'schedule'), { action: 'delete', scheduleId: e.scheduleId }));
};
