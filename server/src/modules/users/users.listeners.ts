import { presenceOf, wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';

/** Users are an admin screen: only the company's admins hear about them. */
export const registerUserListeners = (bus: EventBus, rt: Realtime): void => {
  bus.on('user.created', (e) => rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'user'), { action: 'create', user: e.user }));
  bus.on('user.updated', (e) => {
    rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'user'), { action: 'update', user: e.user });
    // What they may see changed: their sockets reconnect (the client does so by itself) and
    // join the rooms of the new visibility (decision 0089). Their own new password: every socket
    // ends too, and only a client holding the refresh cookie gets a token to come back with
    // (decision 0352) — a socket opened with a stolen access token does not.
    if (e.roomsChanged || e.passwordChanged) void rt.endSessions(e.user.id, Date.now()).catch(() => undefined);
  });
  bus.on('user.presence', (e) => {
    rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'user'), { action: 'update', user: e.user });
    // Supervisors and admins see who is where; the user's own other tabs follow their toggle (decision 0380).
    rt.emit([rooms.presence(e.companyId), rooms.user(e.user.id)], wireEvent(e.companyId, 'userPresence'), { action: 'update', presence: presenceOf(e.user) });
  });
  bus.on('user.deleted', (e) => {
    rt.emit([rooms.admins(e.companyId)], wireEvent(e.companyId, 'user'), { action: 'delete', userId: e.userId });
    // A deleted user's open sockets end now (their token already fails: the user is gone).
    void rt.endSessions(e.userId, Date.now()).catch(() => undefined);
  });
};
