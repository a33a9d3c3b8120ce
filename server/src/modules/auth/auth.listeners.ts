import type { EventBus } from '../../infra/event-bus';
import type { Realtime } from '../../infra/rooms';

/**
 * A session that ends takes its sockets with it: logout, a revoked refresh token, and a new login
 * (one session per user, decision 0004; the old one is told through the `auth` wire event first,
 * which socket.io delivers before the disconnect). Sockets the new session opens come later.
 */
export const registerAuthListeners = (bus: EventBus, rt: Realtime): void => {
  const end = (userId: number) =>
    void rt.endSessions(userId, Date.now()).catch((err: unknown) => console.error('closing sockets of an ended session failed', err));
  bus.on('auth.login', (e) => end(e.userId));
  bus.on('auth.logout', (e) => end(e.userId));
};
