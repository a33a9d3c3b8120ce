import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** Settings and working hours go to everyone in the company: every screen reads them. */
export const registerCompanyListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('setting.updated', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'settings'), { action: 'update', setting: e.setting }));
  // A deleted company's users: every socket of theirs closes, in every process (decision 0271).
  bus.on('company.deleted', (e) => {
    for (const userId of e.userIds) void rt.endSessions(userId, Date.now()).catch((err: unknown) => console.error('closing sockets of a deleted company failed', err));
  });
  bus.on('company.schedulesUpdated', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'settings'), { action: 'schedules', schedules: e.schedules }));
};
