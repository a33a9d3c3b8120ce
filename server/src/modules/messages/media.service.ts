import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { mimetypeOfName, type MediaStore } from '../../infra/media-store';
import { canSee, ticketsQueries } from '../tickets';
import { usersQueries } from '../users';
import * as repo from './messages.repository';

/**
 * The stored name's extension decides the type (media-store names keep the sender's). Only
 * pictures, video and audio render in place: no HTML or SVG is ever served from our origin.
 */
export const contentTypeOf = (name: string): { type: string; inline: boolean } => {
  const type = mimetypeOfName(name);
  return type && /^(image|video|audio)\//.test(type) ? { type, inline: true } : { type: 'application/octet-stream', inline: false };
};

/** The file of a message the actor may see: another company's, an unknown id or no file are all 404. */
export const mediaOf = (deps: { data: DataAccess; media: MediaStore }, ctx: Ctx, id: number) =>
  deps.data.withTenant(ctx, async ({ tx }) => {
    const m = await repo.get(tx, ctx.companyId, id);
    if (!m?.mediaUrl) throw new AppError('ERR_NO_MESSAGE_FOUND');
    const actor = found(await usersQueries.actorFacts(tx, ctx.companyId, ctx.userId), 'ERR_SESSION_EXPIRED');
    const ticket = found(await ticketsQueries.get(tx, ctx.companyId, m.ticketId), 'ERR_NO_MESSAGE_FOUND');
    if (!canSee(actor, ticket)) throw new AppError('ERR_NO_PERMISSION');
    const path = deps.media.pathOf(ctx.companyId, m.mediaUrl);
    if (!path || !(await deps.media.exists(ctx.companyId, m.mediaUrl))) throw new AppError('ERR_NO_MESSAGE_FOUND');
    return { path, name: m.mediaUrl };
  });
