import { can, type TicketEventsResponse } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { ticketsQueries } from '../tickets';
import * as repo from './bot.repository';

export const createBotService = (deps: { data: DataAccess }) => ({
  /** A ticket's bot timeline, oldest first (admins and supervisors; another company's ticket is a 404). */
  events: (ctx: Ctx, ticketId: number): Promise<TicketEventsResponse> =>
    deps.data.withTenant(ctx, async ({ tx }) => {
      if (!can(ctx, 'tickets:timeline')) throw new AppError('ERR_NO_PERMISSION');
      const t = found(await ticketsQueries.get(tx, ctx.companyId, ticketId), 'ERR_NO_TICKET_FOUND');
      const rows = await repo.list(tx, ctx.companyId, t.id);
      return {
        events: rows.map((r) => ({ id: r.id, ticketId: r.ticketId, kind: r.kind, detail: (r.detail ?? {}) as Record<string, unknown>, createdAt: r.createdAt.toISOString() })),
      };
    }),
});

export type BotService = ReturnType<typeof createBotService>;
