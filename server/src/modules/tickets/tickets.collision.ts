/**
 * Collision detection (issue 10 item 8, decision 0087): "Ana está vendo" / "Ana está
 * digitando…". A client says what it is doing in a ticket; the server checks the sender may see
 * it (the same predicate as GET /tickets/u/:uuid) and relays to the rooms of everyone who may see
 * it now (visibility.ts `ticketRooms`), never to the sender's own sockets. Nothing is stored:
 * clients forget a colleague not heard from for COLLISION_TTL_MS, and a socket that goes away
 * says `left` for every ticket it announced.
 */
import type { FastifyBaseLogger } from 'fastify';
import { collisionStates, wireEvent, type CollisionState } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import { rooms, type Realtime, type SocketHandlers } from '../../infra/rooms';
import { usersQueries } from '../users';
import * as ticketsRepo from './tickets.repository';
import { canSee, ticketRooms } from './visibility';

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A socket may announce a few tickets at once (tabs); more is a script, and is ignored. */
const MAX_ANNOUNCED = 20;

interface Announced {
  ticketId: number;
  /** The rooms the last announcement went to: `left` goes to the same ones. */
  to: string[];
}

export const collisionSockets = (deps: { data: DataAccess; realtime: Realtime; log: FastifyBaseLogger }): SocketHandlers => ({
  connected(socket) {
    const { ctx } = socket;
    const event = wireEvent(ctx.companyId, 'collision');
    const except = [rooms.user(ctx.userId)];
    const announced = new Map<string, Announced>();
    let name: string | null = null;
    // The newest message per ticket wins: a `left` sent while a `viewing` is being checked.
    const latest = new Map<string, number>();
    let seq = 0;
    let gone = false;

    const sayLeft = (uuid: string) => {
      const a = announced.get(uuid);
      if (!a || name === null) return;
      announced.delete(uuid);
      deps.realtime.emit(a.to, event, { action: 'update', ticketId: a.ticketId, ticketUuid: uuid, user: { id: ctx.userId, name }, state: 'left' }, except);
    };

    socket.on('ticketActivity', async (raw, rawState) => {
      if (typeof raw !== 'string' || !uuidRe.test(raw)) return;
      if (!collisionStates.includes(rawState)) return;
      const uuid = raw.toLowerCase();
      const state: CollisionState = rawState;
      const mine = ++seq;
      latest.set(uuid, mine);
      if (state === 'left') return sayLeft(uuid);
      if (!socket.allow('ticketActivity')) return;
      if (!announced.has(uuid) && announced.size >= MAX_ANNOUNCED) return;
      const found = await deps.data
        .withTenant(ctx, async ({ tx }) => {
          const [actor, user, t] = await Promise.all([
            usersQueries.actorFacts(tx, ctx.companyId, ctx.userId),
            usersQueries.get(tx, ctx.companyId, ctx.userId),
            ticketsRepo.getByUuid(tx, ctx.companyId, uuid),
          ]);
          return actor && user && t && canSee(actor, t) ? { user, t } : null;
        })
        .catch((err: unknown) => {
          deps.log.error({ err }, 'ticketActivity failed');
          return null;
        });
      if (gone || latest.get(uuid) !== mine) return;
      if (!found) {
        // No longer allowed (transferred away, deleted): whoever heard us before forgets us.
        sayLeft(uuid);
        return;
      }
      name = found.user.name;
      const to = ticketRooms(ctx.companyId, found.t);
      const before = announced.get(uuid);
      // Rooms that heard us before but may no longer see the ticket: they hear `left`.
      const dropped = before ? before.to.filter((r) => !to.includes(r)) : [];
      if (dropped.length) {
        deps.realtime.emit(dropped, event, { action: 'update', ticketId: found.t.id, ticketUuid: uuid, user: { id: ctx.userId, name }, state: 'left' }, [...except, ...to]);
      }
      announced.set(uuid, { ticketId: found.t.id, to });
      deps.realtime.emit(to, event, { action: 'update', ticketId: found.t.id, ticketUuid: uuid, user: { id: ctx.userId, name }, state }, except);
    });

    socket.onDisconnect(() => {
      gone = true;
      for (const uuid of [...announced.keys()]) sayLeft(uuid);
    });
  },
});
