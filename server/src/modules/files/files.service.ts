import { can, type FileListBody, type FileListDto, type ListFilesQuery } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { mimetypeOfName, type MediaStore } from '../../infra/media-store';
import { displayName, type UploadedFile } from '../../infra/uploads';
import { auditQueries } from '../audit';
import * as repo from './files.repository';

/** The fields the audit trail compares: name, message and the options' names. */
const audited = (f: FileListDto) => ({ name: f.name, message: f.message, options: f.options.map((o) => o.name) });

const unknownList = () => new AppError('ERR_NOT_FOUND', 'unknown file list');

/** File lists are what campaigns send: the company's admins manage them (decision 0220). */
const allowed = (ctx: Ctx) => {
  if (!can(ctx, 'files:manage')) throw new AppError('ERR_NO_PERMISSION');
};

/** One file of `POST /files/uploadList/:id`: the option it belongs to and what the client said it is. */
export interface OptionUpload {
  optionId: number;
  file: UploadedFile;
  mediaType?: string;
  name?: string;
}

export const createFilesService = (deps: { data: DataAccess; media: MediaStore }) => {
  const { data, media } = deps;

  /** Files the store no longer needs (replaced options, deleted options or lists): best effort, after the commit. */
  const discard = async (companyId: number, names: string[]) => {
    for (const name of names) if (name) await media.remove(companyId, name).catch(() => undefined);
  };

  const load = async (tx: Tx, ctx: Ctx, id: number): Promise<FileListDto> => {
    const found = await repo.get(tx, ctx.companyId, id);
    if (!found) throw unknownList();
    return found;
  };

  /**
   * The options end as sent: one with an `id` of this list is kept (renamed), one without is new,
   * the list's others go (their files with them, after the commit). An id of no option of the
   * list is a 400.
   */
  const syncOptions = async (tx: Tx, ctx: Ctx, listId: number, current: FileListDto['options'], wanted: FileListBody['options']): Promise<string[]> => {
    const known = new Map(current.map((o) => [o.id, o]));
    for (const o of wanted) if (o.id !== undefined && !known.has(o.id)) throw new AppError('ERR_VALIDATION', `option ${o.id} is not one of this list`);
    const kept = new Set(wanted.flatMap((o) => (o.id === undefined ? [] : [o.id])));
    const gone = await repo.removeOptions(tx, ctx.companyId, current.filter((o) => !kept.has(o.id)).map((o) => o.id));
    for (const o of wanted) {
      if (o.id === undefined) await repo.insertOption(tx, { companyId: ctx.companyId, fileListId: listId, name: o.name });
      else if (known.get(o.id)!.name !== o.name) await repo.renameOption(tx, ctx.companyId, o.id, o.name);
    }
    return gone;
  };

  return {
    page: (ctx: Ctx, q: ListFilesQuery) =>
      data.withTenant(ctx, ({ tx }) => {
        allowed(ctx);
        return repo.page(tx, ctx.companyId, q);
      }),

    show: (ctx: Ctx, id: number) =>
      data.withTenant(ctx, ({ tx }) => {
        allowed(ctx);
        return load(tx, ctx, id);
      }),

    /** `POST /files`: the list and its options (files come after, by `POST /files/uploadList/:id`). */
    create: (ctx: Ctx, body: FileListBody): Promise<FileListDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const id = await repo.insert(tx, { companyId: ctx.companyId, name: body.name, message: body.message, userId: ctx.userId });
        await syncOptions(tx, ctx, id, [], body.options);
        const dto = (await repo.get(tx, ctx.companyId, id))!;
        await auditQueries.record(tx, ctx, { entity: 'file-list', entityId: id, action: 'create', after: audited(dto) });
        stage({ type: 'fileList.saved', companyId: ctx.companyId, file: dto, created: true });
        return dto;
      }),

    update: async (ctx: Ctx, id: number, body: FileListBody): Promise<FileListDto> => {
      const { dto, gone } = await data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const current = await load(tx, ctx, id);
        await repo.update(tx, ctx.companyId, id, { name: body.name, message: body.message, userId: ctx.userId });
        const gone = await syncOptions(tx, ctx, id, current.options, body.options);
        const dto = (await repo.get(tx, ctx.companyId, id))!;
        await auditQueries.record(tx, ctx, { entity: 'file-list', entityId: id, action: 'update', before: audited(current), after: audited(dto) });
        stage({ type: 'fileList.saved', companyId: ctx.companyId, file: dto, created: false });
        return { dto, gone };
      });
      await discard(ctx.companyId, gone);
      return dto;
    },

    remove: async (ctx: Ctx, id: number): Promise<void> => {
      const gone = await data.withTenant(ctx, async ({ tx, stage }) => {
        allowed(ctx);
        const current = await load(tx, ctx, id);
        await repo.remove(tx, ctx.companyId, id);
        await auditQueries.record(tx, ctx, { entity: 'file-list', entityId: id, action: 'delete', before: audited(current) });
        stage({ type: 'fileList.deleted', companyId: ctx.companyId, fileId: id });
        return current.options.map((o) => o.path);
      });
      await discard(ctx.companyId, gone);
    },

    /**
     * `POST /files/uploadList/:id`: each file is stored (typed by its bytes, decision 0034) and
     * attached to its option, replacing the option's earlier file. A file for no option of the
     * list is a 400, and nothing is kept.
     */
    upload: async (ctx: Ctx, id: number, uploads: OptionUpload[]): Promise<FileListDto> => {
      if (!uploads.length) throw new AppError('ERR_VALIDATION', 'no file in the request');
      if (uploads.some((u) => !u.file.bytes.length)) throw new AppError('ERR_VALIDATION', 'empty file');
      await data.withTenant(ctx, async ({ tx }) => {
        allowed(ctx);
        const list = await load(tx, ctx, id);
        const ids = new Set(list.options.map((o) => o.id));
        for (const u of uploads) if (!ids.has(u.optionId)) throw new AppError('ERR_VALIDATION', `option ${u.optionId} is not one of this list`);
      });
      const stored: string[] = [];
      try {
        for (const u of uploads) stored.push(await media.save(ctx.companyId, u.file.bytes, { mimetype: u.file.mimetype, fileName: u.file.fileName }));
        const { dto, replaced } = await data.withTenant(ctx, async ({ tx, stage }) => {
          const replaced: string[] = [];
          for (const [i, u] of uploads.entries()) {
            const path = stored[i]!;
            const mediaType = mimetypeOfName(path) ?? u.file.mimetype;
            const before = await repo.attach(tx, ctx.companyId, id, u.optionId, { path, fileName: displayName(u.file.fileName) || path, mediaType });
            if (before === undefined) throw new AppError('ERR_VALIDATION', `option ${u.optionId} is not one of this list`);
            if (before) replaced.push(before);
          }
          const dto = (await repo.get(tx, ctx.companyId, id))!;
          // Which option got which file (issue 28 §5); the stored path says nothing to a reader.
          const uploaded = uploads.map((u) => ({ option: dto.options.find((o) => o.id === u.optionId)?.name ?? u.optionId, file: displayName(u.file.fileName) }));
          await auditQueries.record(tx, ctx, { entity: 'file-list', entityId: id, action: 'update', after: { uploaded } });
          stage({ type: 'fileList.saved', companyId: ctx.companyId, file: dto, created: false });
          return { dto, replaced };
        });
        await discard(ctx.companyId, replaced);
        return dto;
      } catch (err) {
        await discard(ctx.companyId, stored);
        throw err;
      }
    },
  };
};

export type FilesService = ReturnType<typeof createFilesService>;
