import type { FastifyBaseLogger } from 'fastify';
import { can, USER_STATUS_HEARTBEAT_MS } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import { rooms, type Realtime, type SocketHandlers } from '../../infra/rooms';
import * as repo from './users.repository';
import type { UsersService } from './users.service';

/** A heartbeat more often than this from one socket is not written again (a client cannot make us write per message). */
const MIN_BEAT_MS = 30_000;
/** Not heard for two heartbeats and a minute: the process that held the socket is gone. */
export const ONLINE_STALE_MS = 2 * USER_STATUS_HEARTBEAT_MS + 60_000;

/**
 * Online status (decision 0111): a socket that connects or sends `userStatus` marks its user
 * online; when the user's last socket in the cluster goes away they are offline. socket.io's
 * ping timeout ends a silent socket; a sweep ends the flags a dead process left behind.
 */
export const userSockets = (deps: { users: UsersService; realtime: Realtime; log: FastifyBaseLogger }): SocketHandlers => ({
  // Who may watch the agents' presence hears it live (decision 0380); a profile change ends the session, so this is re-read.
  roomsOf: async (ctx) => (can(ctx, 'users:presence') ? [rooms.presence(ctx.companyId)] : []),
  connected(socket) {
    const { ctx } = socket;
    const mark = (online: boolean) => deps.users.setOnline(ctx, online).catch((err: unknown) => deps.log.warn({ err }, 'online status not saved'));
    let last = Date.now();
    void mark(true);
    socket.on('userStatus', () => {
      if (Date.now() - last < MIN_BEAT_MS) return;
      last = Date.now();
      void mark(true);
    });
    socket.onDisconnect(() => {
      void deps.realtime
        .socketCount(rooms.user(ctx.userId))
        .then((n) => (n === 0 ? mark(false) : undefined))
        .catch((err: unknown) => deps.log.warn({ err }, 'online status not saved'));
    });
  },
});

/** Every `ONLINE_STALE_MS / 2`, flags nobody refreshed go offline (any process may run it: it is idempotent). */
export const startOnlineSweep = (deps: { data: DataAccess; log: FastifyBaseLogger }): (() => void) => {
  const timer = setInterval(() => {
    void deps.data
      .withSystem('users:presence', async ({ tx, stage }) => {
        for (const r of await repo.expireOnline(tx, ONLINE_STALE_MS)) {
          const user = await repo.getDto(tx, r.companyId, r.id);
          if (user) stage({ type: 'user.presence', companyId: r.companyId, user });
        }
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'online sweep failed'));
  }, ONLINE_STALE_MS / 2);
  timer.unref();
  return () => clearInterval(timer);
};
