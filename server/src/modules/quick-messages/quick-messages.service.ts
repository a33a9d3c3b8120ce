import {
  can,
  canEditQuickMessage,
  canSeeQuickMessage,
  type CreateQuickMessageBody,
  type ListQuickMessagesResponse,
  type QuickMessageDto,
  type UpdateQuickMessageBody,
} from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import type { Tx } from '../../db/client';
import { AppError } from '../../infra/errors';
import type { MediaStore } from '../../infra/media-store';
import { openStoredFile, storeAttachment, type UploadedFile } from '../../infra/uploads';
import * as repo from './quick-messages.repository';

/** An unknown id, or another company's, is not found (never "not allowed"). */
const NOT_FOUND = 'ERR_NOT_FOUND' as const;

/** The caller as the shared rules take it (a profile, the super flag and an id). */
const actor = (ctx: Ctx) => ({ ...ctx, id: ctx.userId });

export const createQuickMessagesService = (deps: { data: DataAccess; media: MediaStore }) => {
  const { data, media } = deps;

  /** The record the caller may see, or 404 / 403. */
  const visible = async (tx: Tx, ctx: Ctx, id: number) => {
    const row = await repo.get(tx, ctx.companyId, id);
    if (!row) throw new AppError(NOT_FOUND);
    if (!canSeeQuickMessage(actor(ctx), row)) throw new AppError('ERR_NO_PERMISSION');
    return row;
  };
  /** The record the caller may change, or 404 / 403. */
  const editable = async (tx: Tx, ctx: Ctx, id: number) => {
    const row = await visible(tx, ctx, id);
    if (!canEditQuickMessage(actor(ctx), row)) throw new AppError('ERR_NO_PERMISSION');
    return row;
  };
  const assertShortcodeFree = async (tx: Tx, ctx: Ctx, shortcode: string, exceptId?: number) => {
    if (await repo.shortcodeTaken(tx, ctx.companyId, shortcode, exceptId)) throw new AppError('ERR_DUPLICATED_RECORD', 'shortcode already in use');
  };
  /** A file the store no longer needs (replaced or removed): best effort, after the commit. */
  const discard = async (companyId: number, name: string | null) => {
    if (name) await media.remove(companyId, name).catch(() => undefined);
  };

  return {
    /** `GET /quick-messages/list`: what the caller may use in the composer. */
    usable: (ctx: Ctx): Promise<QuickMessageDto[]> =>
      data.withTenant(ctx, async ({ tx }) => (await repo.usable(tx, ctx.companyId, ctx.userId)).map(repo.toQuickMessageDto)),

    page: (ctx: Ctx, q: { searchParam?: string; pageNumber: number }): Promise<ListQuickMessagesResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        const all = can(ctx, 'quickMessages:manageAll');
        const { rows, count, hasMore } = await repo.page(tx, ctx.companyId, { all, userId: ctx.userId, ...q });
        return { records: rows.map(repo.toQuickMessageDto), count, hasMore };
      }),

    show: (ctx: Ctx, id: number): Promise<QuickMessageDto> => data.withTenant(ctx, async ({ tx }) => repo.toQuickMessageDto(await visible(tx, ctx, id))),

    create: (ctx: Ctx, body: CreateQuickMessageBody): Promise<QuickMessageDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        if (body.geral && !can(ctx, 'quickMessages:setGeneral')) throw new AppError('ERR_NO_PERMISSION');
        await assertShortcodeFree(tx, ctx, body.shortcode);
        const row = await repo.insert(tx, { ...body, companyId: ctx.companyId, userId: ctx.userId });
        const dto = repo.toQuickMessageDto(row);
        stage({ type: 'quickMessage.saved', companyId: ctx.companyId, quickMessage: dto, created: true, wasGeneral: false });
        return dto;
      }),

    update: (ctx: Ctx, id: number, body: UpdateQuickMessageBody): Promise<QuickMessageDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        const before = await editable(tx, ctx, id);
        if (body.geral !== undefined && body.geral !== before.geral && !can(ctx, 'quickMessages:setGeneral')) throw new AppError('ERR_NO_PERMISSION');
        if (body.shortcode !== undefined) await assertShortcodeFree(tx, ctx, body.shortcode, id);
        const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
        const row = (await repo.update(tx, ctx.companyId, id, patch))!;
        const dto = repo.toQuickMessageDto(row);
        stage({ type: 'quickMessage.saved', companyId: ctx.companyId, quickMessage: dto, created: false, wasGeneral: before.geral });
        return dto;
      }),

    remove: async (ctx: Ctx, id: number): Promise<void> => {
      const gone = await data.withTenant(ctx, async ({ tx, stage }) => {
        await editable(tx, ctx, id);
        const row = (await repo.remove(tx, ctx.companyId, id))!;
        stage({ type: 'quickMessage.deleted', companyId: ctx.companyId, id });
        return row;
      });
      await discard(ctx.companyId, gone.mediaPath);
    },

    /** Stores the file (typed by its bytes, decision 0034) and attaches it, replacing any earlier one. */
    attach: async (ctx: Ctx, id: number, file: UploadedFile): Promise<QuickMessageDto> => {
      if (file.bytes.length === 0) throw new AppError('ERR_VALIDATION', 'empty file');
      const { dto, replaced } = await data.withTenant(ctx, async ({ tx, stage }) => {
        const before = await editable(tx, ctx, id);
        const row = (await repo.update(tx, ctx.companyId, id, await storeAttachment(media, ctx.companyId, file)))!;
        const dto = repo.toQuickMessageDto(row);
        stage({ type: 'quickMessage.saved', companyId: ctx.companyId, quickMessage: dto, created: false, wasGeneral: before.geral });
        return { dto, replaced: before.mediaPath };
      });
      await discard(ctx.companyId, replaced);
      return dto;
    },

    detach: async (ctx: Ctx, id: number): Promise<QuickMessageDto> => {
      const { dto, removed } = await data.withTenant(ctx, async ({ tx, stage }) => {
        const before = await editable(tx, ctx, id);
        const row = (await repo.update(tx, ctx.companyId, id, { mediaPath: null, mediaName: null }))!;
        const dto = repo.toQuickMessageDto(row);
        stage({ type: 'quickMessage.saved', companyId: ctx.companyId, quickMessage: dto, created: false, wasGeneral: before.geral });
        return { dto, removed: before.mediaPath };
      });
      await discard(ctx.companyId, removed);
      return dto;
    },

    /** The attached file of a record the caller may see, opened from the store after the transaction. */
    mediaOf: async (ctx: Ctx, id: number) => {
      const name = await data.withTenant(ctx, async ({ tx }) => (await visible(tx, ctx, id)).mediaPath);
      return openStoredFile(media, ctx.companyId, name, NOT_FOUND);
    },
  };
};

export type QuickMessagesService = ReturnType<typeof createQuickMessagesService>;
