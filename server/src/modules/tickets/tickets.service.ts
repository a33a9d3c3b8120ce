import {
  KANBAN_MAX_TICKETS,
  type KanbanTicketsQuery,
  type KanbanTicketsResponse,
  actionFor,
  can,
  canTransition,
  type Actor,
  type CloseAllBody,
  type CreateTicketBody,
  type ListTicketsQuery,
  type TicketDto,
  type UpdateTicketBody,
} from '@balcao/shared';
import { systemCtx, type Ctx, type DataAccess, type Unit } from '../../db/tenant';
import type { Tx } from '../../db/client';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import type { Clock } from '../../infra/clock';
import { usersQueries } from '../users';
import { contactsQueries } from '../contacts';
import { whatsappQueries } from '../whatsapp';
import { queuesQueries } from '../queues';
import * as repo from './tickets.repository';
import { holderDetails, transitions, type TicketMessaging } from './tickets.transitions';
import { canSee } from './visibility';
import { stageIfWaiting } from './tickets.assign';

export interface TicketsDeps {
  data: DataAccess;
  jobs: Jobs;
  clock: Clock;
  /** The messages module's side of a transition (app.ts): automated texts, read receipts. */
  messaging: TicketMessaging;
}

const actorOf = async (tx: Tx, ctx: Ctx): Promise<Actor> => {
  const actor = await usersQueries.actorFacts(tx, ctx.companyId, ctx.userId);
  if (!actor) throw new AppError('ERR_SESSION_EXPIRED');
  return actor;
};

/** 404 for another company's ticket (never a leak), 403 for one of ours the actor may not see. */
const visibleTicket = async (tx: Tx, ctx: Ctx, actor: Actor, ticket: repo.TicketRow | undefined): Promise<repo.TicketRow> => {
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (!canSee(actor, ticket)) throw new AppError('ERR_NO_PERMISSION');
  return ticket;
};

export const createTicketsService = (deps: TicketsDeps) => {
  const { data } = deps;

  const announce = async (unit: Unit, companyId: number, id: number, previous?: repo.TicketRow): Promise<TicketDto> => {
    const dto = (await repo.loadDto(unit.tx, companyId, id))!;
    unit.stage({
      type: 'ticket.updated',
      companyId,
      ticket: dto,
      previous: previous ? { status: previous.status, queueId: previous.queueId, userId: previous.userId } : undefined,
    });
    // Returned, transferred to a queue without an agent, released: assignment may give it to someone.
    if (previous) stageIfWaiting(unit, previous, dto);
    return dto;
  };

  return {
    /**
     * A user was deleted (decision 0110): the tickets they had open wait in their queue again
     * (`pending`, nobody), so the queue's agents see them, instead of open tickets nobody holds.
     */
    releaseOrphaned: (companyId: number, deletedUserId: number): Promise<number> =>
      data.withTenant(systemCtx(companyId), async (unit) => {
        const rows = await repo.openWithoutUser(unit.tx, companyId);
        for (const t of rows) {
          await repo.update(unit.tx, companyId, t.id, { status: 'pending' });
          await announce(unit, companyId, t.id, { ...t, userId: deletedUserId });
        }
        return rows.length;
      }),

    /**
     * GET /tickets: the list as the response's JSON text, built by the database (sent as is). The
     * profile comes from the token; queues and allTicket are read inside the list statement.
     */
    listJson: (ctx: Ctx, q: ListTicketsQuery): Promise<string> => data.withTenant(ctx, ({ tx }) => repo.listJson(tx, ctx.companyId, { id: ctx.userId, profile: ctx.profile }, q)),

    /** `GET /ticket/kanban` (administration.md §7): the board's live tickets, under visibility (decision 0245). */
    kanban: (ctx: Ctx, q: KanbanTicketsQuery): Promise<KanbanTicketsResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        const r = await repo.kanban(tx, ctx.companyId, { id: ctx.userId, profile: ctx.profile }, q.queueIds, KANBAN_MAX_TICKETS);
        return { tickets: r.tickets, count: r.tickets.length, hasMore: r.hasMore };
      }),

    show: (ctx: Ctx, id: number) =>
      data.withTenant(ctx, async ({ tx }) => {
        const t = await visibleTicket(tx, ctx, await actorOf(tx, ctx), await repo.get(tx, ctx.companyId, id));
        return (await repo.loadDto(tx, ctx.companyId, t.id))!;
      }),

    showByUuid: (ctx: Ctx, uuid: string) =>
      data.withTenant(ctx, async ({ tx }) => {
        const t = await visibleTicket(tx, ctx, await actorOf(tx, ctx), await repo.getByUuid(tx, ctx.companyId, uuid));
        return (await repo.loadDto(tx, ctx.companyId, t.id))!;
      }),

    changedSince: (ctx: Ctx, since: Date) => data.withTenant(ctx, ({ tx }) => repo.changedSince(tx, ctx.companyId, { id: ctx.userId, profile: ctx.profile }, since)),

    create: (ctx: Ctx, body: CreateTicketBody) =>
      data.withTenant(ctx, async (unit) => {
        const { tx } = unit;
        if (!body.queueId && !can(ctx, 'tickets:withoutQueue')) throw new AppError('ERR_QUEUE_REQUIRED', 'Selecione uma fila');
        if (!(await contactsQueries.get(tx, ctx.companyId, body.contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
        if (body.queueId && !(await queuesQueries.get(tx, ctx.companyId, body.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
        if (body.userId && !(await usersQueries.get(tx, ctx.companyId, body.userId))) throw new AppError('ERR_NO_USER_FOUND');
        const whatsapp = body.whatsappId ? await whatsappQueries.get(tx, ctx.companyId, body.whatsappId) : await whatsappQueries.getDefault(tx, ctx.companyId);
        if (!whatsapp) throw new AppError(body.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
        const open = body.status === 'open';
        const row = await repo.insert(tx, {
          companyId: ctx.companyId,
          contactId: body.contactId,
          whatsappId: whatsapp.id,
          queueId: body.queueId ?? null,
          status: body.status,
          userId: open ? (body.userId ?? ctx.userId) : null,
          acceptedAt: open ? deps.clock.now() : null,
          queuedAt: deps.clock.now(),
        });
        if (!row) {
          const holder = (await repo.findLive(tx, ctx.companyId, body.contactId, whatsapp.id))!;
          throw new AppError('ERR_OTHER_OPEN_TICKET', undefined, await holderDetails(tx, ctx.companyId, holder));
        }
        const dto = (await repo.loadDto(tx, ctx.companyId, row.id))!;
        unit.stage({ type: 'ticket.created', companyId: ctx.companyId, ticket: dto });
        stageIfWaiting(unit, undefined, dto);
        return dto;
      }),

    update: (ctx: Ctx, id: number, body: UpdateTicketBody) =>
      data.withTenant(ctx, async (unit) => {
        const { tx } = unit;
        const actor = await actorOf(tx, ctx);
        const t = await visibleTicket(tx, ctx, actor, await repo.get(tx, ctx.companyId, id));
        const action = actionFor(t.status as TicketDto['status'], body, ctx.userId);
        if (!action || !canTransition(t.status as TicketDto['status'], action)) throw new AppError('ERR_INVALID_TRANSITION');
        await transitions[action](unit, ctx, t, body, deps);
        return announce(unit, ctx.companyId, t.id, t);
      }),

    remove: (ctx: Ctx, id: number) =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        if (!can(ctx, 'tickets:delete')) throw new AppError('ERR_NO_PERMISSION');
        const t = await repo.get(tx, ctx.companyId, id);
        if (!t) throw new AppError('ERR_NO_TICKET_FOUND');
        await repo.remove(tx, ctx.companyId, id);
        stage({ type: 'ticket.deleted', companyId: ctx.companyId, ticketId: t.id, ticketUuid: t.uuid, queueId: t.queueId, userId: t.userId });
        return { message: 'ticket deleted' };
      }),

    closeAll: (ctx: Ctx, body: CloseAllBody) =>
      data.withTenant(ctx, async (unit) => {
        if (!can(ctx, 'tickets:closeAll')) throw new AppError('ERR_NO_PERMISSION');
        const known = await queuesQueries.existingIds(unit.tx, ctx.companyId, body.selectedQueueIds);
        if (known.length !== new Set(body.selectedQueueIds).size) throw new AppError('ERR_NO_QUEUE_FOUND');
        const ids = await repo.idsToClose(unit.tx, ctx.companyId, body.status, body.selectedQueueIds);
        for (const id of ids) {
          const before = await repo.update(unit.tx, ctx.companyId, id, { status: 'closed', closedAt: deps.clock.now() });
          await announce(unit, ctx.companyId, id, before ? { ...before, status: body.status } : undefined);
        }
        return { closed: ids.length };
      }),
  };
};

export type TicketsService = ReturnType<typeof createTicketsService>;
