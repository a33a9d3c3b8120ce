import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/**
 * `company<id>-quickemessage` (decision 0061). A general record goes to the whole company; a
 * personal one only to its owner and the admins (a user never receives another's own replies);
 * one that stopped being general is deleted from everyone else's lists. A delete carries only the id.
 */
export const registerQuickMessageListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('quickMessage.saved', (e) => {
    const event = wireEvent(e.companyId, 'quickemessage');
    const payload = { action: e.created ? ('create' as const) : ('update' as const), record: e.quickMessage };
    if (e.quickMessage.geral) return rt.emit([rooms.company(e.companyId)], event, payload);
    const owners = [rooms.admins(e.companyId), ...(e.quickMessage.userId ? [rooms.user(e.quickMessage.userId)] : [])];
    rt.emit(owners, event, payload);
    if (e.wasGeneral) rt.emit([rooms.company(e.companyId)], event, { action: 'delete', id: e.quickMessage.id }, owners);
  });
  bus.on('quickMessage.deleted', (e) => rt.emit([rooms.company(e.companyId)], wireEvent(e.companyId, 'quickemessage'), { action: 'delete', id: e.id }));
};
