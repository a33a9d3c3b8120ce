import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { SOCKET_PING_MS, SOCKET_READY, type ClientToServer } from '@balcao/shared';
import type { FastifyInstance } from 'fastify';
import { createPgAdapter } from '../db/socket-adapter';
import { verifySession } from './auth';
import { rooms, type ClientSocket, type Realtime, type SocketHandlers } from './rooms';
import { socketBudget } from './socket-limits';
import { socketCors } from './plugins/cors';
import type { Ctx } from '../db/tenant';

interface SocketData {
  ctx: Ctx;
  /** When the socket was accepted (ms): a session that ends closes the sockets opened before. */
  connectedAt: number;
}

/** Rooms every registered module wants this socket in; null when one refuses (the session is gone). */
const joinRooms = async (socket: Socket, handlers: SocketHandlers[], ctx: Ctx) => {
  const list: string[] = [];
  for (const h of handlers) {
    if (!h.roomsOf) continue;
    const more = await h.roomsOf(ctx);
    if (!more) return false;
    list.push(...more);
  }
  await socket.join(list);
  return true;
};

/**
 * socket.io on the app's HTTP server: authenticates the handshake and hands each socket to the
 * handlers modules registered with `use` (infra never knows a module; decision 0017).
 */
export const attachRealtime = async (
  app: FastifyInstance,
  server: HttpServer,
  deps: { ownerUrl: string; adapter: 'postgres' | 'none'; corsOrigins?: string[] },
): Promise<Realtime & { use(handlers: SocketHandlers): void; close(): Promise<void> }> => {
  const handlers: SocketHandlers[] = [];
  const io = new Server<ClientToServer, Record<string, (p?: unknown) => void>, Record<string, never>, SocketData>(server, {
    pingInterval: SOCKET_PING_MS,
    pingTimeout: SOCKET_PING_MS,
    // The HTTP API's allow-list (CORS_ORIGINS), not every origin (decision 0035).
    ...socketCors(deps.corsOrigins ?? []),
  });
  const pgAdapter = deps.adapter === 'postgres' ? await createPgAdapter(deps.ownerUrl) : undefined;
  if (pgAdapter) io.adapter(pgAdapter.adapter);

  io.use((socket, next) => {
    const raw = (socket.handshake.auth?.token as string | undefined) ?? (socket.handshake.query?.token as string | undefined);
    if (!raw) return next(new Error('ERR_SESSION_EXPIRED'));
    // The same whole check as a route's: a token of an ended session (logout) opens no socket.
    verifySession(app, String(raw).replace(/^Bearer /, ''))
      .then(async (session) => {
        if (!session) return next(new Error('ERR_INVALID_TOKEN'));
        if (session.ended) return next(new Error('ERR_SESSION_EXPIRED'));
        // As a route's: a token of a session version that moved on is invalid (the client refreshes).
        if (session.stale) return next(new Error('ERR_INVALID_TOKEN'));
        socket.data.ctx = session.ctx;
        socket.data.connectedAt = Date.now();
        // A billing-only session (decision 0280) hears its company's payment event and nothing else.
        if (session.ctx.billingOnly) {
          await socket.join([rooms.billing(session.ctx.companyId), rooms.billingUser(session.ctx.userId)]);
          return next();
        }
        next((await joinRooms(socket, handlers, session.ctx)) ? undefined : new Error('ERR_SESSION_EXPIRED'));
      })
      .catch(next);
  });

  io.on('connection', (socket) => {
    const client: ClientSocket = {
      ctx: socket.data.ctx,
      allow: socketBudget(),
      on: (event, handler) => void socket.on(event, handler as never),
      join: (room) => Promise.resolve(socket.join(room)),
      leave: (room) => void socket.leave(room),
      onDisconnect: (handler) => void socket.once('disconnect', handler),
    };
    if (!client.ctx.billingOnly) for (const h of handlers) h.connected?.(client);
    // Rooms were joined in the handshake and every handler is on: the client may send its joins now.
    socket.emit(SOCKET_READY);
  });

  return {
    use(h) {
      handlers.push(h);
    },
    emit(to, event, payload, except) {
      if (to.length === 0) return;
      let op = io.to(to);
      if (except?.length) op = op.except(except);
      op.emit(event, payload);
    },
    async endSessions(userId, connectedBefore) {
      // Across processes (the adapter asks the others); each socket's owner disconnects it.
      for (const s of await io.in([rooms.user(userId), rooms.billingUser(userId)]).fetchSockets()) {
        if (s.data.connectedAt < connectedBefore) s.disconnect(true);
      }
    },
    async socketCount(room) {
      return (await io.in(room).fetchSockets()).length;
    },
    localSocketCount: () => io.engine.clientsCount,
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
