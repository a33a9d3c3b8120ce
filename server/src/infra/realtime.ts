import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { SOCKET_PING_MS, type ClientToServer } from '@balcao/shared';
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../db/tenant';
import { createPgAdapter } from '../db/socket-adapter';
import * as usersRepo from '../modules/users/users.repository';
import * as ticketsRepo from '../modules/tickets/tickets.repository';
import type { TicketsService } from '../modules/tickets/tickets.service';
import { actorRooms, canSee } from '../modules/tickets/visibility';
import { verifyAccessToken } from './auth';
import { rooms, type Realtime } from './rooms';
import type { Ctx } from '../db/tenant';

interface SocketData {
  ctx: Ctx;
}

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rooms a user belongs to: the rooms the visibility rule implies (tickets/visibility.ts). */
const joinRooms = async (socket: Socket, data: DataAccess, ctx: Ctx) => {
  const actor = await data.withTenant(ctx, ({ tx }) => usersRepo.actorFacts(tx, ctx.companyId, ctx.userId));
  if (!actor) return false;
  await socket.join(actorRooms(ctx.companyId, actor));
  return true;
};

export const attachRealtime = async (
  app: FastifyInstance,
  server: HttpServer,
  deps: { data: DataAccess; tickets: TicketsService; ownerUrl: string; adapter: 'postgres' | 'none' },
): Promise<Realtime & { close(): Promise<void> }> => {
  const io = new Server<ClientToServer, Record<string, (p: unknown) => void>, Record<string, never>, SocketData>(server, {
    pingInterval: SOCKET_PING_MS,
    pingTimeout: SOCKET_PING_MS,
    cors: { origin: true, credentials: true },
  });
  const pgAdapter = deps.adapter === 'postgres' ? await createPgAdapter(deps.ownerUrl) : undefined;
  if (pgAdapter) io.adapter(pgAdapter.adapter);

  io.use((socket, next) => {
    const raw = (socket.handshake.auth?.token as string | undefined) ?? (socket.handshake.query?.token as string | undefined);
    if (!raw) return next(new Error('ERR_SESSION_EXPIRED'));
    const ctx = verifyAccessToken(app, String(raw).replace(/^Bearer /, ''));
    if (!ctx) return next(new Error('ERR_INVALID_TOKEN'));
    socket.data.ctx = ctx;
    joinRooms(socket, deps.data, ctx)
      .then((ok) => next(ok ? undefined : new Error('ERR_SESSION_EXPIRED')))
      .catch(next);
  });

  io.on('connection', (socket) => {
    const { ctx } = socket.data;
    socket.on('joinChatBox', async (uuid, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (typeof uuid !== 'string' || !uuidRe.test(uuid)) return reply(false);
      // Only after the same permission check as GET /tickets/u/:uuid.
      const allowed = await deps.data
        .withTenant(ctx, async ({ tx }) => {
          const [actor, t] = await Promise.all([usersRepo.actorFacts(tx, ctx.companyId, ctx.userId), ticketsRepo.getByUuid(tx, ctx.companyId, uuid)]);
          return !!actor && !!t && canSee(actor, t);
        })
        .catch(() => false);
      if (allowed) await socket.join(rooms.ticket(uuid));
      reply(allowed);
    });
    socket.on('leaveChatBox', (uuid) => {
      if (typeof uuid === 'string') void socket.leave(rooms.ticket(uuid));
    });
    // The spec's client emits these; its rooms were joined at connect.
    socket.on('joinNotification', () => undefined);
    socket.on('joinTickets', () => undefined);
    socket.on('leaveTickets', () => undefined);
    socket.on('userStatus', () => undefined);
    socket.on('resync', async (since, ack) => {
      if (typeof ack !== 'function') return;
      const at = new Date(typeof since === 'string' ? since : 0);
      const tickets = Number.isNaN(at.getTime())
        ? []
        : await deps.tickets.changedSince(ctx, at).catch((err) => {
            app.log.error({ err }, 'resync failed');
            return [];
          });
      ack({ tickets });
    });
  });

  return {
    emit(to, event, payload, except) {
      if (to.length === 0) return;
      let op = io.to(to);
      if (except?.length) op = op.except(except);
      op.emit(event, payload);
    },
    leave(from, room, except) {
      let op = io.in(from);
      if (except?.length) op = op.except(except);
      op.socketsLeave(room);
    },
    async close() {
      // Not io.close(): that closes the HTTP server Fastify owns. Local sockets only: with the
      // adapter, a plain disconnectSockets() would disconnect the other processes' clients too.
      io.local.disconnectSockets(true);
      io.engine.close();
      // The adapter holds a LISTEN client from its pool: release it before ending the pool.
      if (pgAdapter) {
        await io.of('/').adapter.close();
        await pgAdapter.close();
      }
    },
  };
};
