import type { FastifyBaseLogger } from 'fastify';
import type { Ctx, DataAccess } from '../../db/tenant';
import { rooms, type SocketHandlers } from '../../infra/rooms';
import { usersQueries } from '../users';
import * as ticketsRepo from './tickets.repository';
import type { TicketsService } from './tickets.service';
import { actorRooms, canSee } from './visibility';

const TOO_MANY = 'ERR_TOO_MANY_REQUESTS' as const;

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idRe = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;

/** How a client names a ticket in joinChatBox: its uuid, or its numeric id as a string ("42"). */
const ticketRef = (raw: unknown): { uuid: string } | { id: number } | null => {
  if (typeof raw !== 'string') return null;
  if (uuidRe.test(raw)) return { uuid: raw.toLowerCase() };
  if (idRe.test(raw) && Number(raw) <= MAX_ID) return { id: Number(raw) };
  return null;
};

/** Rooms a user belongs to: the rooms the visibility rule implies (visibility.ts). */
const roomsOf = async (data: DataAccess, ctx: Ctx): Promise<string[] | null> => {
  const actor = await data.withTenant(ctx, ({ tx }) => usersQueries.actorFacts(tx, ctx.companyId, ctx.userId));
  return actor ? actorRooms(ctx.companyId, actor) : null;
};

/** The ticket events a client sends: its rooms at connect, a conversation's room, resync (decision 0041). */
export const ticketSockets = (deps: { data: DataAccess; tickets: TicketsService; log: FastifyBaseLogger }): SocketHandlers => ({
  roomsOf: (ctx) => roomsOf(deps.data, ctx),
  connected(socket) {
    const { ctx } = socket;
    // The conversation rooms this socket joined, by the name it used (uuid or id): leaving by
    // that name leaves the room (the spec's client joins and leaves with the numeric id).
    const joined = new Map<string, string>();
    socket.on('joinChatBox', async (raw, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!socket.allow('joinChatBox')) return reply(false, TOO_MANY);
      const ref = ticketRef(raw);
      if (!ref) return reply(false);
      // Only after the same permission check as GET /tickets/:id and /tickets/u/:uuid.
      const uuid = await deps.data
        .withTenant(ctx, async ({ tx }) => {
          const [actor, t] = await Promise.all([
            usersQueries.actorFacts(tx, ctx.companyId, ctx.userId),
            'uuid' in ref ? ticketsRepo.getByUuid(tx, ctx.companyId, ref.uuid) : ticketsRepo.get(tx, ctx.companyId, ref.id),
          ]);
          return actor && t && canSee(actor, t) ? t.uuid : null;
        })
        .catch(() => null);
      if (uuid) {
        await socket.join(rooms.ticket(uuid));
        joined.set(raw as string, uuid);
      }
      reply(!!uuid);
    });
    socket.on('leaveChatBox', (raw) => {
      if (typeof raw !== 'string') return;
      const uuid = joined.get(raw) ?? (uuidRe.test(raw) ? raw.toLowerCase() : undefined);
      joined.delete(raw);
      if (uuid) socket.leave(rooms.ticket(uuid));
    });
    // The spec's client emits these (and their leave* when a list unmounts); the list rooms were
    // joined at connect from the user's visibility and every list filters by status itself, so
    // they change nothing: repeating or leaving them can never cost a socket its events.
    socket.on('joinNotification', () => undefined);
    socket.on('leaveNotification', () => undefined);
    socket.on('joinTickets', () => undefined);
    socket.on('leaveTickets', () => undefined);
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
