import type { FastifyBaseLogger } from 'fastify';
import { can, USER_STATUS_HEARTBEAT_MS } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { rooms, type Realtime, type SocketHandlers } from '../../infra/rooms';
import * as repo from './users.repository';
import type { UsersService } from './users.service';

/** A heartbeat more often than this from one socket is not written again (a client cannot make us write per message). */
const MIN_BEAT_MS = 30_000;
/** Not heard for two heartbeats and a minute: the process that held the socket is gone. */
export const ONLINE_STALE_MS = 2 * USER_STATUS_HEARTBEAT_MS + 60_000;

/**
 * The agents whose last socket closed, waiting out their grace (decision 0431): each is due
 * offline `graceMs` after, by the injected clock, unless a socket of theirs connects before.
 * Bookkeeping only: the caller counts the sockets again and writes.
 */
export const offlineGrace = (clock: Clock, graceMs: number) => {
  const due = new Map<number, { ctx: Ctx; at: number }>();
  return {
    graceMs,
    /** The time the last socket closed, read when it closed (the socket count is asked after). */
    now: () => clock.now(),
    closed: (ctx: Ctx, closedAt: Date) => void due.set(ctx.userId, { ctx, at: closedAt.getTime() + graceMs }),
    opened: (userId: number) => void due.delete(userId),
    /** The users whose grace is over by now, taken off the list. */
    take: (): Ctx[] => {
      const now = clock.now().getTime();
      const over = [...due.values()].filter((d) => d.at <= now);
      for (const d of over) due.delete(d.ctx.userId);
      return over.map((d) => d.ctx);
    },
  };
};
export type OfflineGrace = ReturnType<typeof offlineGrace>;

/** How often the grace list is looked at: at most a second late. */
const GRACE_TICK_MS = 1_000;

/**
 * Online status (decision 0111): a socket that connects or sends `userStatus` marks its user
 * online; when the user's last socket in the cluster goes away they are offline once the grace
 * has passed without a socket of theirs connecting (decision 0431: a reload, a laptop changing
 * networks, is not offline). socket.io's ping timeout ends a silent socket; a sweep ends the flags
 * a dead process left behind.
 */
export const userSockets = (deps: { users: UsersService; realtime: Realtime; log: FastifyBaseLogger; grace: OfflineGrace }): SocketHandlers => ({
  // Who may watch the agents' presence hears it live (decision 0380); a profile change ends the session, so this is re-read.
  roomsOf: async (ctx) => (can(ctx, 'users:presence') ? [rooms.presence(ctx.companyId)] : []),
  connected(socket) {
    const { ctx } = socket;
    const mark = (online: boolean) => deps.users.setOnline(ctx, online).catch((err: unknown) => deps.log.warn({ err }, 'online status not saved'));
    let last = Date.now();
    deps.grace.opened(ctx.userId);
    void mark(true);
    socket.on('userStatus', () => {
      if (Date.now() - last < MIN_BEAT_MS) return;
      last = Date.now();
      void mark(true);
    });
    socket.onDisconnect(() => {
      const closedAt = deps.grace.now();
      void deps.realtime
        .socketCount(rooms.user(ctx.userId))
        .then((n) => (n > 0 ? undefined : deps.grace.graceMs > 0 ? deps.grace.closed(ctx, closedAt) : mark(false)))
        .catch((err: unknown) => deps.log.warn({ err }, 'online status not saved'));
    });
  },
});

/** Every second, the users whose grace is over go offline if still no socket of theirs is connected anywhere. */
export const startOfflineGrace = (deps: { users: UsersService; realtime: Realtime; log: FastifyBaseLogger; grace: OfflineGrace }): (() => void) => {
  const settle = async () => {
    for (const ctx of deps.grace.take()) {
      if ((await deps.realtime.socketCount(rooms.user(ctx.userId))) === 0) await deps.users.setOnline(ctx, false);
    }
  };
  const timer = setInterval(() => void settle().catch((err: unknown) => deps.log.warn({ err }, 'online status not saved')), Math.min(GRACE_TICK_MS, Math.max(deps.grace.graceMs, 10)));
  timer.unref();
  return () => clearInterval(timer);
};

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
