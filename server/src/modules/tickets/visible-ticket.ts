import type { Tx } from '../../db/client';
import type { Ctx } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { usersQueries } from '../users';
import { get } from './tickets.repository';
import { canSee } from './visibility';

/**
 * The ticket the caller may see, for a module that acts on one (tags, notes): 404 when unknown or
 * another company's (never a leak), 403 when the visibility rule (`canSee`) keeps it from them
 * (decision 0080).
 */
export const visibleTicket = async (tx: Tx, ctx: Ctx, ticketId: number) => {
  const ticket = found(await get(tx, ctx.companyId, ticketId), 'ERR_NO_TICKET_FOUND');
  const actor = found(await usersQueries.actorFacts(tx, ctx.companyId, ctx.userId), 'ERR_SESSION_EXPIRED');
  if (!canSee(actor, ticket)) throw new AppError('ERR_NO_PERMISSION');
  return ticket;
};
