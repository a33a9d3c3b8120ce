import { can, type AnnouncementDto, type CreateAnnouncementBody, type ListAnnouncementsQuery, type ListAnnouncementsResponse, type UpdateAnnouncementBody } from '@balcao/shared';
import type { Ctx, DataAccess, Unit } from '../../db/tenant';
import type { Tx } from '../../db/client';
import { AppError } from '../../infra/errors';
import { sniff, type MediaStore } from '../../infra/media-store';
import { openStoredFile, storeAttachment, type UploadedFile } from '../../infra/uploads';
import { auditQueries } from '../audit';
import * as repo from './announcements.repository';

/** The picture (administration.md §5: .png, .jpg, .jpeg), by its bytes whatever the name says. */
const IMAGE_EXTENSIONS = new Set(['png', 'jpg']);

/** The fields the audit trail compares. */
const audited = (r: repo.AnnouncementRow) => ({ title: r.title, text: r.text, priority: r.priority, status: r.status, mediaName: r.mediaName });

/**
 * Platform announcements (issue 14 §6; decision 0275). The rows live under the platform company
 * and every company reads them, so every access goes through the system reason
 * 'announcements:platform' with the platform's id as the filter: the super user writes and sees
 * all of them, everyone else reads only the active ones.
 */
export const createAnnouncementsService = (deps: { data: DataAccess; media: MediaStore }) => {
  const { data, media } = deps;
  const run = <T>(fn: (unit: Unit & { platformId: number }) => Promise<T>): Promise<T> =>
    data.withSystem('announcements:platform', async (unit) => {
      const platformId = await repo.platformId(unit.tx);
      if (platformId === undefined) throw new AppError('ERR_NOT_FOUND');
      return fn({ ...unit, platformId });
    });

  const assertSuper = (ctx: Ctx) => {
    if (!can(ctx, 'announcements:manage')) throw new AppError('ERR_NO_PERMISSION');
  };
  /** A row the caller may see: any for the super user, active ones for everyone else; 404 otherwise. */
  const visible = async (tx: Tx, ctx: Ctx, platformId: number, id: number) => {
    const row = await repo.get(tx, platformId, id);
    if (!row || (!row.status && !can(ctx, 'announcements:manage'))) throw new AppError('ERR_NOT_FOUND');
    return row;
  };
  /** The audit row belongs to the platform; the actor is the super user (whatever company they sit in). */
  const audit = (unit: Unit & { platformId: number }, ctx: Ctx, id: number, action: 'create' | 'update' | 'delete', before: repo.AnnouncementRow | null, after: repo.AnnouncementRow | null) =>
    auditQueries.record(unit.tx, ctx, { entity: 'announcement', entityId: id, action, before: before && audited(before), after: after && audited(after), companyId: unit.platformId });
  const stageSaved = async (unit: Unit & { platformId: number }, row: repo.AnnouncementRow, created: boolean) => {
    const dto = repo.toAnnouncementDto(row);
    unit.stage({ type: 'announcement.saved', companyId: unit.platformId, announcement: dto, created, companyIds: await repo.companyIds(unit.tx) });
    return dto;
  };
  const discard = async (platformId: number, name: string) => {
    if (name) await media.remove(platformId, name).catch(() => undefined);
  };

  return {
    page: (ctx: Ctx, q: ListAnnouncementsQuery): Promise<ListAnnouncementsResponse> =>
      run(async ({ tx, platformId }) => {
        const { rows, count, hasMore } = await repo.page(tx, platformId, { activeOnly: q.active === true || !can(ctx, 'announcements:manage'), searchParam: q.searchParam, pageNumber: q.pageNumber });
        return { records: rows.map(repo.toAnnouncementDto), count, hasMore };
      }),

    show: (ctx: Ctx, id: number): Promise<AnnouncementDto> => run(async ({ tx, platformId }) => repo.toAnnouncementDto(await visible(tx, ctx, platformId, id))),

    create: (ctx: Ctx, body: CreateAnnouncementBody): Promise<AnnouncementDto> => {
      assertSuper(ctx);
      return run(async (unit) => {
        const row = await repo.insert(unit.tx, { ...body, companyId: unit.platformId });
        await audit(unit, ctx, row.id, 'create', null, row);
        return stageSaved(unit, row, true);
      });
    },

    update: (ctx: Ctx, id: number, body: UpdateAnnouncementBody): Promise<AnnouncementDto> => {
      assertSuper(ctx);
      return run(async (unit) => {
        const before = await visible(unit.tx, ctx, unit.platformId, id);
        const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
        const row = (await repo.update(unit.tx, unit.platformId, id, patch))!;
        await audit(unit, ctx, id, 'update', before, row);
        return stageSaved(unit, row, false);
      });
    },

    remove: async (ctx: Ctx, id: number): Promise<void> => {
      assertSuper(ctx);
      const { gone, platformId } = await run(async (unit) => {
        await visible(unit.tx, ctx, unit.platformId, id);
        const row = (await repo.remove(unit.tx, unit.platformId, id))!;
        await audit(unit, ctx, id, 'delete', row, null);
        unit.stage({ type: 'announcement.deleted', companyId: unit.platformId, announcementId: id, companyIds: await repo.companyIds(unit.tx) });
        return { gone: row, platformId: unit.platformId };
      });
      await discard(platformId, gone.mediaPath);
    },

    /** A .png/.jpg/.jpeg by its bytes, replacing any earlier picture. */
    attach: async (ctx: Ctx, id: number, file: UploadedFile): Promise<AnnouncementDto> => {
      assertSuper(ctx);
      if (file.bytes.length === 0) throw new AppError('ERR_VALIDATION', 'empty file');
      const kind = await sniff(file.bytes);
      if (!kind || !IMAGE_EXTENSIONS.has(kind.ext)) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED', 'only .png, .jpg or .jpeg');
      const { dto, replaced, platformId } = await run(async (unit) => {
        const before = await visible(unit.tx, ctx, unit.platformId, id);
        const row = (await repo.update(unit.tx, unit.platformId, id, await storeAttachment(media, unit.platformId, file, kind.mime)))!;
        await audit(unit, ctx, id, 'update', before, row);
        return { dto: await stageSaved(unit, row, false), replaced: before.mediaPath, platformId: unit.platformId };
      });
      await discard(platformId, replaced);
      return dto;
    },

    detach: async (ctx: Ctx, id: number): Promise<AnnouncementDto> => {
      assertSuper(ctx);
      const { dto, removed, platformId } = await run(async (unit) => {
        const before = await visible(unit.tx, ctx, unit.platformId, id);
        const row = (await repo.update(unit.tx, unit.platformId, id, { mediaPath: '', mediaName: '' }))!;
        await audit(unit, ctx, id, 'update', before, row);
        return { dto: await stageSaved(unit, row, false), removed: before.mediaPath, platformId: unit.platformId };
      });
      await discard(platformId, removed);
      return dto;
    },

    /** The picture of an announcement the caller may see (every company's users: active ones). */
    mediaOf: async (ctx: Ctx, id: number) => {
      const file = await run(async ({ tx, platformId }) => ({ platformId, name: (await visible(tx, ctx, platformId, id)).mediaPath }));
      return openStoredFile(media, file.platformId, file.name, 'ERR_NOT_FOUND');
    },
  };
};

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
