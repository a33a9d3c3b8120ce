import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import type { MediaStore } from '../../infra/media-store';
import { openStoredFile, type ServedFile } from '../../infra/uploads';
import { canSee, ticketsQueries } from '../tickets';
import { usersQueries } from '../users';
import * as repo from './messages.repository';

/**
 * The file of a message the actor may see, opened from the media store (whichever it is, the
 * bytes come through this route: decision 0386). Another company's, an unknown id or no file are
 * all 404. The store is read after the transaction: a bucket's latency never holds a connection.
 */
export const mediaOf = async (deps: { data: DataAccess; media: MediaStore }, ctx: Ctx, id: number): Promise<ServedFile> => {
  const name = await deps.data.withTenant(ctx, async ({ tx }) => {
    const m = await repo.get(tx, ctx.companyId, id);
    if (!m?.mediaUrl) throw new AppError('ERR_NO_MESSAGE_FOUND');
    const actor = found(await usersQueries.actorFacts(tx, ctx.companyId, ctx.userId), 'ERR_SESSION_EXPIRED');
    const ticket = found(await ticketsQueries.get(tx, ctx.companyId, m.ticketId), 'ERR_NO_MESSAGE_FOUND');
    if (!canSee(actor, ticket)) throw new AppError('ERR_NO_PERMISSION');
    return m.mediaUrl;
  });
  return openStoredFile(deps.media, ctx.companyId, name, 'ERR_NO_MESSAGE_FOUND');
};
