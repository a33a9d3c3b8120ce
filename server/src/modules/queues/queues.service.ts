import {
  can,
  type CreateQueueBody,
  type CreateQueueOptionBody,
  type ListQueueOptionsQuery,
  type QueueDto,
  type QueueOptionDto,
  type UpdateQueueBody,
  type UpdateQueueOptionBody,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import type { MediaStore } from '../../infra/media-store';
import { openStoredFile, storeAttachment, type UploadedFile } from '../../infra/uploads';
import { auditQueries } from '../audit';
import { assertBelowLimit } from '../companies';
import * as repo from './queues.repository';

/** Only the fields the caller sent (undefined = keep). */
const sent = <T extends object>(body: T): Partial<T> => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;

export const createQueuesService = (deps: { data: DataAccess; media: MediaStore }) => {
  const { data, media } = deps;

  const assertManager = (ctx: Ctx) => {
    if (!can(ctx, 'queues:manage')) throw new AppError('ERR_NO_PERMISSION');
  };
  /** The company's queue, or 404 (another company's id is not found, never "not allowed"). */
  const queueOf = async (tx: Tx, ctx: Ctx, id: number) => {
    const row = found(await repo.get(tx, ctx.companyId, id), 'ERR_NO_QUEUE_FOUND');
    return row;
  };
  const optionOf = async (tx: Tx, ctx: Ctx, id: number) => {
    const row = found(await repo.getOption(tx, ctx.companyId, id), 'ERR_NO_QUEUE_OPTION_FOUND');
    return row;
  };
  /** `integrationId` must name one of the company's integrations (decision 0181). */
  const assertIntegration = async (tx: Tx, ctx: Ctx, integrationId: number | null | undefined) => {
    if (integrationId && !(await repo.integrationExists(tx, ctx.companyId, integrationId))) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  };
  const assertFree = async (tx: Tx, ctx: Ctx, body: { name?: string; color?: string }, exceptId?: number) => {
    if (body.color !== undefined && (await repo.colorTaken(tx, ctx.companyId, body.color, exceptId))) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    if (body.name !== undefined && (await repo.nameTaken(tx, ctx.companyId, body.name, exceptId))) throw new AppError('ERR_DUPLICATED_RECORD', 'queue name already in use');
  };
  /** Files the store no longer needs (replaced or deleted records): best effort, after the commit. */
  const discard = async (companyId: number, names: (string | null)[]) => {
    for (const name of names) if (name) await media.remove(companyId, name).catch(() => undefined);
  };
  /** A stored file of a record the caller may read, opened, with the name to serve it under. */
  const served = (ctx: Ctx, name: string | null) => openStoredFile(media, ctx.companyId, name, 'ERR_NOT_FOUND');
  const audit = (tx: Tx, ctx: Ctx, entity: 'queue' | 'queue-option', entityId: number, action: 'create' | 'update' | 'delete', before: object | null, after: object | null) =>
    auditQueries.record(tx, ctx, { entity, entityId, action, before: before as Record<string, unknown> | null, after: after as Record<string, unknown> | null });

  const NO_FILE = { mediaPath: null, mediaName: null };
  /** Sets or clears a queue's file in one transaction (the event and the audit row with it). */
  const setQueueMedia = async (ctx: Ctx, id: number, file: UploadedFile | null): Promise<QueueDto> => {
    if (file && file.bytes.length === 0) throw new AppError('ERR_VALIDATION', 'empty file');
    const { dto, old } = await data.withTenant(ctx, async ({ tx, stage }) => {
      assertManager(ctx);
      const before = await queueOf(tx, ctx, id);
      const row = (await repo.update(tx, ctx.companyId, id, file ? await storeAttachment(media, ctx.companyId, file) : NO_FILE))!;
      await audit(tx, ctx, 'queue', id, 'update', { mediaName: before.mediaName }, { mediaName: row.mediaName });
      const dto = repo.toQueueDto(row);
      stage({ type: 'queue.updated', companyId: ctx.companyId, queue: dto });
      return { dto, old: before.mediaPath };
    });
    await discard(ctx.companyId, [old]);
    return dto;
  };
  const setOptionMedia = async (ctx: Ctx, id: number, file: UploadedFile | null): Promise<QueueOptionDto> => {
    if (file && file.bytes.length === 0) throw new AppError('ERR_VALIDATION', 'empty file');
    const { dto, old } = await data.withTenant(ctx, async ({ tx }) => {
      assertManager(ctx);
      const before = await optionOf(tx, ctx, id);
      const row = (await repo.updateOption(tx, ctx.companyId, id, file ? await storeAttachment(media, ctx.companyId, file) : NO_FILE))!;
      await audit(tx, ctx, 'queue-option', id, 'update', { mediaName: before.mediaName }, { mediaName: row.mediaName });
      return { dto: repo.toQueueOptionDto(row), old: before.mediaPath };
    });
    await discard(ctx.companyId, [old]);
    return dto;
  };

  return {
    list: (ctx: Ctx): Promise<QueueDto[]> => data.withTenant(ctx, async ({ tx }) => (await repo.list(tx, ctx.companyId)).map(repo.toQueueDto)),

    show: (ctx: Ctx, id: number): Promise<QueueDto> => data.withTenant(ctx, async ({ tx }) => repo.toQueueDto(await queueOf(tx, ctx, id))),

    create: (ctx: Ctx, body: CreateQueueBody): Promise<QueueDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        if (!can(ctx, 'queues:create')) throw new AppError('ERR_NO_PERMISSION');
        await assertBelowLimit(tx, ctx.companyId, 'queues', (t) => repo.count(t, ctx.companyId));
        await assertFree(tx, ctx, body);
        await assertIntegration(tx, ctx, body.integrationId);
        if (body.promptId && !(await repo.promptExists(tx, ctx.companyId, body.promptId))) throw new AppError('ERR_NOT_FOUND', 'prompt not found');
        const row = await repo.insert(tx, { ...sent(body), name: body.name, color: body.color, companyId: ctx.companyId });
        const dto = repo.toQueueDto(row);
        await audit(tx, ctx, 'queue', row.id, 'create', null, dto);
        stage({ type: 'queue.created', companyId: ctx.companyId, queue: dto });
        return dto;
      }),

    update: (ctx: Ctx, id: number, body: UpdateQueueBody): Promise<QueueDto> =>
      data.withTenant(ctx, async ({ tx, stage }) => {
        assertManager(ctx);
        const before = await queueOf(tx, ctx, id);
        await assertFree(tx, ctx, body, id);
        await assertIntegration(tx, ctx, body.integrationId);
        if (body.promptId && !(await repo.promptExists(tx, ctx.companyId, body.promptId))) throw new AppError('ERR_NOT_FOUND', 'prompt not found');
        const row = (await repo.update(tx, ctx.companyId, id, sent(body)))!;
        const dto = repo.toQueueDto(row);
        await audit(tx, ctx, 'queue', id, 'update', repo.toQueueDto(before), dto);
        stage({ type: 'queue.updated', companyId: ctx.companyId, queue: dto });
        return dto;
      }),

    /** Tickets, users and connections keep going without it (their keys set null / cascade); its options and file go. */
    remove: async (ctx: Ctx, id: number): Promise<void> => {
      const files = await data.withTenant(ctx, async ({ tx, stage }) => {
        assertManager(ctx);
        const before = await queueOf(tx, ctx, id);
        const optionFiles = await repo.optionFilesUnder(tx, ctx.companyId, { queueId: id });
        await repo.remove(tx, ctx.companyId, id);
        await audit(tx, ctx, 'queue', id, 'delete', repo.toQueueDto(before), null);
        stage({ type: 'queue.deleted', companyId: ctx.companyId, queueId: id });
        return [before.mediaPath, ...optionFiles];
      });
      await discard(ctx.companyId, files);
    },

    attach: (ctx: Ctx, id: number, file: UploadedFile) => setQueueMedia(ctx, id, file),
    detach: (ctx: Ctx, id: number) => setQueueMedia(ctx, id, null),
    mediaOf: async (ctx: Ctx, id: number) => served(ctx, await data.withTenant(ctx, async ({ tx }) => (await queueOf(tx, ctx, id)).mediaPath)),

    // ---------------------------------------------------------------- the option tree

    options: (ctx: Ctx, q: ListQueueOptionsQuery): Promise<QueueOptionDto[]> =>
      data.withTenant(ctx, async ({ tx }) => {
        await queueOf(tx, ctx, q.queueId);
        const parentId = q.parentId === undefined ? undefined : q.parentId === -1 ? null : q.parentId;
        return (await repo.listOptions(tx, ctx.companyId, q.queueId, parentId)).map(repo.toQueueOptionDto);
      }),

    createOption: (ctx: Ctx, body: CreateQueueOptionBody): Promise<QueueOptionDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        assertManager(ctx);
        await queueOf(tx, ctx, body.queueId);
        const parentId = body.parentId ?? null;
        // A child sits under an option of the same queue (the tree never spans two queues).
        if (parentId !== null && (await optionOf(tx, ctx, parentId)).queueId !== body.queueId) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');
        const row = await repo.insertOption(tx, { companyId: ctx.companyId, queueId: body.queueId, parentId, title: body.title, option: body.option, message: body.message });
        const dto = repo.toQueueOptionDto(row);
        await audit(tx, ctx, 'queue-option', row.id, 'create', null, dto);
        return dto;
      }),

    updateOption: (ctx: Ctx, id: number, body: UpdateQueueOptionBody): Promise<QueueOptionDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        assertManager(ctx);
        const before = await optionOf(tx, ctx, id);
        const row = (await repo.updateOption(tx, ctx.companyId, id, sent(body)))!;
        const dto = repo.toQueueOptionDto(row);
        await audit(tx, ctx, 'queue-option', id, 'update', repo.toQueueOptionDto(before), dto);
        return dto;
      }),

    /** Deletes the option and its whole subtree (the parent key cascades), and their files. */
    removeOption: async (ctx: Ctx, id: number): Promise<void> => {
      const files = await data.withTenant(ctx, async ({ tx }) => {
        assertManager(ctx);
        const before = await optionOf(tx, ctx, id);
        const subtreeFiles = await repo.optionFilesUnder(tx, ctx.companyId, { rootId: id });
        await repo.removeOption(tx, ctx.companyId, id);
        await audit(tx, ctx, 'queue-option', id, 'delete', repo.toQueueOptionDto(before), null);
        return subtreeFiles;
      });
      await discard(ctx.companyId, files);
    },

    attachOption: (ctx: Ctx, id: number, file: UploadedFile) => setOptionMedia(ctx, id, file),
    detachOption: (ctx: Ctx, id: number) => setOptionMedia(ctx, id, null),
    optionMediaOf: async (ctx: Ctx, id: number) => served(ctx, await data.withTenant(ctx, async ({ tx }) => (await optionOf(tx, ctx, id)).mediaPath)),
  };
};

export type QueuesService = ReturnType<typeof createQueuesService>;
