import { wireEvent } from '@balcao/shared';
import type { EventBus } from '../../infra/event-bus';
import { rooms, type Realtime } from '../../infra/rooms';
import type { AuthService } from './auth.service';

/**
 * A session that ends takes its sockets with it: logout, a revoked refresh token, and a new login
 * (one session per user, decision 0004; the old one is told through the `auth` wire event first,
 * which socket.io delivers before the disconnect). Sockets the new session opens come later.
 */
export const registerAuthListeners = (bus: EventBus, rt: Realtime, auth: Pick<AuthService, 'logoutUser'>): void => {
  const end = (userId: number) =>
    void rt.endSessions(userId, Date.now()).catch((err: unknown) => console.error('closing sockets of an ended session failed', err));
  bus.on('auth.login', (e) => {
    // Other open sessions of this user log out (single active session per user).
    rt.emit([rooms.user(e.userId)], wireEvent(e.companyId, 'auth'), { action: 'update', user: { id: e.userId } });
    end(e.userId);
  });
  bus.on('auth.logout', (e) => end(e.userId));
  // An admin set the user's password: the session ends as on logout (refresh chains, tokens, sockets).
  bus.on('user.updated', (e) => {
    if (e.sessionEnded) void auth.logoutUser({ companyId: e.companyId, userId: e.user.id }).catch((err: unknown) => console.error('ending the session of a user whose password was set failed', err));
  });
};
