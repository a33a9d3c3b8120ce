import type { FastifyBaseLogger } from 'fastify';
import type { Ctx, DataAccess } from '../../db/tenant';
import { rooms, type SocketHandlers } from '../../infra/rooms';
import { usersQueries } from '../users';
import * as ticketsRepo from './tickets.repository';
import type { TicketsService } from './tickets.service';
import { actorRooms, canSee } from './visibility';

const TOO_MANY = 'ERR_TOO_MANY_REQUESTS' as const;

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rooms a user belongs to: the rooms the visibility rule implies (visibility.ts). */
const roomsOf = async (data: DataAccess, ctx: Ctx): Promise<string[] | null> => {
  const actor = await data.withTenant(ctx, ({ tx }) => usersQueries.actorFacts(tx, ctx.companyId, ctx.userId));
  return actor ? actorRooms(ctx.companyId, actor) : null;
};

/** The ticket events a client sends: its rooms at connect, a conversation's room, resync. */
export const ticketSockets = (deps: { data: DataAccess; tickets: TicketsService; log: FastifyBaseLogger }): SocketHandlers => ({
  roomsOf: (ctx) => roomsOf(deps.data, ctx),
  connected(socket) {
    const { ctx } = socket;
    socket.on('joinChatBox', async (uuid, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!socket.allow('joinChatBox')) return reply(false, TOO_MANY);
      if (typeof uuid !== 'string' || !uuidRe.test(uuid)) return reply(false);
      // Only after the same permission check as GET /tickets/u/:uuid.
      const allowed = await deps.data
        .withTenant(ctx, async ({ tx }) => {
          const [actor, t] = await Promise.all([usersQueries.actorFacts(tx, ctx.companyId, ctx.userId), ticketsRepo.getByUuid(tx, ctx.companyId, uuid)]);
          return !!actor && !!t && canSee(actor, t);
        })
        .catch(() => false);
      if (allowed) await socket.join(rooms.ticket(uuid));
      reply(allowed);
    });
    socket.on('leaveChatBox', (uuid) => {
      if (typeof uuid === 'string') socket.leave(rooms.ticket(uuid));
    });
    // The spec's client emits these; its rooms were joined at connect.
    socket.on('joinNotification', () => undefined);
    socket.on('joinTickets', () => undefined);
    socket.on('leaveTickets', () => undefined);
    socket.on('userStatus', () => undefined);
    socket.on('resync', async (since, ack) => {
      if (typeof ack !== 'function') return;
      if (!socket.allow('resync')) return ack({ tickets: [], error: TOO_MANY });
      const at = new Date(typeof since === 'string' ? since : 0);
      const tickets = Number.isNaN(at.getTime())
        ? []
        : await deps.tickets.changedSince(ctx, at).catch((err) => {
            deps.log.error({ err }, 'resync failed');
            return [];
          });
      ack({ tickets });
    });
  },
});
