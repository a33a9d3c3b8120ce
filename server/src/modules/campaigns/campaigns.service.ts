import {
  can,
  DEFAULT_TIMEZONE,
  isCampaignEditable,
  type CampaignBody,
  type CampaignDto,
  type CampaignSettingsDto,
  type ListCampaignsQuery,
  type ListCampaignsResponse,
  type SaveCampaignSettingsBody,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess, Unit } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import type { MediaStore } from '../../infra/media-store';
import { storeAttachment, type UploadedFile } from '../../infra/uploads';
import { instantOf } from '../../lib/wall-time';
import { auditQueries } from '../audit';
import { companiesQueries } from '../companies';
import { classifyUpload, uploadOf } from '../messages';
import { templateContent, whatsappQueries, type CloudAccount } from '../whatsapp';
import * as repo from './campaigns.repository';

/** The fields the audit trail compares (the message variants cut at 200 characters). */
const audited = (r: repo.CampaignRow) => ({
  name: r.name,
  status: r.status,
  scheduledAt: r.scheduledAt?.toISOString() ?? null,
  whatsappId: r.whatsappId,
  contactListId: r.contactListId,
  tagListId: r.tagListId,
  fileListId: r.fileListId,
  confirmation: r.confirmation,
  mediaName: r.mediaName,
  template: r.template,
  messages: [r.message1, r.message2, r.message3, r.message4, r.message5].map((m) => m.slice(0, 200)),
});

const NOT_FOUND = 'ERR_NOT_FOUND' as const;

/** Campaigns are the admins' (decision 0230). */
const assertManager = (ctx: Ctx) => {
  if (!can(ctx, 'campaigns:manage')) throw new AppError('ERR_NO_PERMISSION');
};

/** A field's refusal in the form's shape. */
const invalid = (path: string, message: string) => new AppError('ERR_VALIDATION', `${path}: ${message}`, { issues: [{ path, message }] });

export const createCampaignsService = (deps: { data: DataAccess; jobs: Jobs; clock: Clock; media: MediaStore; templates?: Pick<CloudAccount, 'approved'> }) => {
  const { data, jobs, clock, media } = deps;

  const dtoOf = async (tx: Tx, companyId: number, id: number): Promise<CampaignDto> => {
    const row = await repo.getJoined(tx, companyId, id);
    if (!row) throw new AppError(NOT_FOUND);
    return repo.toCampaignDto(row, await repo.reportOf(tx, companyId, id));
  };
  const announce = async (unit: Unit, companyId: number, id: number, created = false) => {
    const dto = await dtoOf(unit.tx, companyId, id);
    unit.stage({ type: 'campaign.saved', companyId, campaign: dto, created });
    return dto;
  };
  const found = async (tx: Tx, ctx: Ctx, id: number, lock?: 'update') => {
    const row = await repo.get(tx, ctx.companyId, id, lock);
    if (!row) throw new AppError(NOT_FOUND);
    return row;
  };
  const assertEditable = (row: repo.CampaignRow) => {
    if (!isCampaignEditable({ status: row.status, scheduledAt: row.scheduledAt?.toISOString() ?? null }, clock.now().getTime())) throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE');
  };
  /** References must be the company's own (another company's id is refused like a missing one). */
  const assertRefs = async (tx: Tx, ctx: Ctx, body: CampaignBody) => {
    const ok = await repo.refsExist(tx, ctx.companyId, body);
    const issues = Object.entries(ok)
      .filter(([, v]) => !v)
      .map(([path]) => ({ path, message: 'not found' }));
    if (issues.length) throw new AppError('ERR_VALIDATION', 'unknown reference', { issues });
  };
  /**
   * A scheduled campaign must be able to run (decision 0234): a connection, an audience (a list
   * or a tag, not both) and something to send (a message variant, a file or a file list).
   */
  const assertRunnable = (c: Pick<repo.CampaignRow, 'whatsappId' | 'contactListId' | 'tagListId' | 'fileListId' | 'mediaPath' | 'confirmation'> & Record<string, unknown>) => {
    const issues: { path: string; message: string }[] = [];
    if (c.whatsappId == null) issues.push({ path: 'whatsappId', message: 'Obrigatório' });
    if (c.contactListId == null && c.tagListId == null) issues.push({ path: 'contactListId', message: 'Obrigatório' });
    const messages = [1, 2, 3, 4, 5].map((i) => String(c[`message${i}`] ?? '').trim());
    // A Cloud campaign's template is its first message (decision 0451): the confirmation request, else the message itself.
    const template = c.template != null;
    if (!messages.some(Boolean) && !c.mediaPath && c.fileListId == null && !(template && !c.confirmation)) issues.push({ path: 'message1', message: 'Obrigatório' });
    if (c.confirmation && !template && ![1, 2, 3, 4, 5].some((i) => String(c[`confirmationMessage${i}`] ?? '').trim())) issues.push({ path: 'confirmationMessage1', message: 'Obrigatório' });
    if (issues.length) throw new AppError('ERR_VALIDATION', 'the campaign cannot run', { issues });
  };
  /** The run starts at `scheduledAt` (now when past): a dispatch job then (the sweep is the safety net). */
  const schedule = async (tx: Tx, companyId: number, row: repo.CampaignRow) => {
    if (row.status !== 'PROGRAMADA' || !row.scheduledAt) return;
    const inSeconds = Math.max(0, Math.ceil((row.scheduledAt.getTime() - clock.now().getTime()) / 1000));
    await jobs.enqueue(tx, 'campaign.dispatch', { companyId, campaignId: row.id }, { startAfterSeconds: inSeconds });
  };
  /**
   * The row's fields from a body. A `scheduledAt` without an offset (the spec's datetime-local
   * "2026-11-25T14:30") is that wall time in the company's time zone (decision 0277).
   */
  const fields = async (tx: Tx, companyId: number, body: CampaignBody) => {
    // One audience: a list wins over a tag (the modal offers either).
    const tagListId = body.contactListId != null ? null : body.tagListId;
    const timeZone = (await companiesQueries.get(tx, companyId))?.timezone ?? DEFAULT_TIMEZONE;
    return { ...body, tagListId, scheduledAt: body.scheduledAt ? instantOf(body.scheduledAt, timeZone) : null };
  };
  /**
   * The campaign's channel (decision 0451): on a Cloud API connection it needs an approved
   * template whose variables it fills, and what goes before the customer answers is only that
   * template (no file without a confirmation); elsewhere no template. Read before the write's
   * transaction: Meta's list may be an HTTP call, which never holds a transaction open.
   */
  const assertChannel = async (ctx: Ctx, body: CampaignBody, mediaPath: string) => {
    const conn = body.whatsappId == null ? undefined : await data.withTenant(ctx, ({ tx }) => whatsappQueries.get(tx, ctx.companyId, body.whatsappId!));
    if (conn?.provider !== 'cloud') {
      if (body.template) throw invalid('template', 'only on a Cloud API connection');
      return;
    }
    if (!body.template) throw new AppError('ERR_CAMPAIGN_NEEDS_TEMPLATE');
    if (!body.confirmation && (mediaPath || body.fileListId != null)) throw invalid(mediaPath ? 'media' : 'fileListId', 'outside the 24-hour window only the template is sent');
    if (!deps.templates) throw new AppError('ERR_CAMPAIGN_NEEDS_TEMPLATE', 'this server reads no Cloud API templates');
    templateContent(await deps.templates.approved(conn, body.template.name, body.template.language), body.template);
  };
  const discard = async (companyId: number, name: string | null | undefined) => {
    if (name) await media.remove(companyId, name).catch(() => undefined);
  };

  return {
    page: (ctx: Ctx, q: ListCampaignsQuery): Promise<ListCampaignsResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        assertManager(ctx);
        const { rows, count, hasMore } = await repo.page(tx, ctx.companyId, q);
        const reports = await repo.reports(tx, ctx.companyId, rows.map((r) => r.id));
        return { records: rows.map((r) => repo.toCampaignDto(r, reports.get(r.id))), count, hasMore };
      }),

    show: (ctx: Ctx, id: number): Promise<CampaignDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        assertManager(ctx);
        return dtoOf(tx, ctx.companyId, id);
      }),

    /** New: INATIVA, or PROGRAMADA with a scheduledAt (administration.md §4). */
    create: async (ctx: Ctx, body: CampaignBody): Promise<CampaignDto> => {
      assertManager(ctx);
      await assertChannel(ctx, body, '');
      return data.withTenant(ctx, async (unit) => {
        await assertRefs(unit.tx, ctx, body);
        const f = await fields(unit.tx, ctx.companyId, body);
        const status = f.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
        if (status === 'PROGRAMADA') assertRunnable({ ...f, mediaPath: '' });
        const row = await repo.insert(unit.tx, { ...f, companyId: ctx.companyId, status });
        await auditQueries.record(unit.tx, ctx, { entity: 'campaign', entityId: row.id, action: 'create', after: audited(row) });
        await schedule(unit.tx, ctx.companyId, row);
        return announce(unit, ctx.companyId, row.id, true);
      });
    },

    /** Only while editable; a CANCELADA campaign keeps its status (restart resumes it). */
    update: async (ctx: Ctx, id: number, body: CampaignBody): Promise<CampaignDto> => {
      assertManager(ctx);
      const stored = await data.withTenant(ctx, ({ tx }) => found(tx, ctx, id));
      await assertChannel(ctx, body, stored.mediaPath);
      return data.withTenant(ctx, async (unit) => {
        const before = await found(unit.tx, ctx, id, 'update');
        assertEditable(before);
        await assertRefs(unit.tx, ctx, body);
        const f = await fields(unit.tx, ctx.companyId, body);
        const status = before.status === 'CANCELADA' ? 'CANCELADA' : f.scheduledAt ? 'PROGRAMADA' : 'INATIVA';
        if (status === 'PROGRAMADA') assertRunnable({ ...f, mediaPath: before.mediaPath });
        const row = (await repo.update(unit.tx, ctx.companyId, id, { ...f, status }))!;
        await auditQueries.record(unit.tx, ctx, { entity: 'campaign', entityId: id, action: 'update', before: audited(before), after: audited(row) });
        await schedule(unit.tx, ctx.companyId, row);
        return announce(unit, ctx.companyId, id);
      });
    },

    /** Any status: a running campaign stops with it (its jobs find nothing). */
    remove: async (ctx: Ctx, id: number): Promise<void> => {
      const gone = await data.withTenant(ctx, async ({ tx, stage }) => {
        assertManager(ctx);
        const before = await found(tx, ctx, id, 'update');
        const row = (await repo.remove(tx, ctx.companyId, id))!;
        await auditQueries.record(tx, ctx, { entity: 'campaign', entityId: id, action: 'delete', before: audited(before) });
        stage({ type: 'campaign.deleted', companyId: ctx.companyId, campaignId: id });
        return row;
      });
      await discard(ctx.companyId, gone.mediaPath);
    },

    /** EM_ANDAMENTO → CANCELADA: nothing more is sent; what went out stays sent. */
    cancel: (ctx: Ctx, id: number): Promise<CampaignDto> =>
      data.withTenant(ctx, async (unit) => {
        assertManager(ctx);
        const before = await found(unit.tx, ctx, id, 'update');
        const row = await repo.transition(unit.tx, ctx.companyId, id, ['EM_ANDAMENTO', 'PROGRAMADA'], { status: 'CANCELADA' });
        if (!row) throw new AppError('ERR_INVALID_TRANSITION', 'only a running or scheduled campaign can be cancelled');
        await auditQueries.record(unit.tx, ctx, { entity: 'campaign', entityId: id, action: 'update', before: audited(before), after: audited(row) });
        return announce(unit, ctx.companyId, id);
      }),

    /**
     * CANCELADA → EM_ANDAMENTO with only the unsent numbers: rows a job held or the gate delayed
     * go back to pending, sent ones are never touched, and the dispatcher resumes.
     */
    restart: (ctx: Ctx, id: number): Promise<CampaignDto> =>
      data.withTenant(ctx, async (unit) => {
        assertManager(ctx);
        const before = await found(unit.tx, ctx, id, 'update');
        if (before.status !== 'CANCELADA') throw new AppError('ERR_INVALID_TRANSITION', 'only a cancelled campaign can be restarted');
        assertRunnable(before as never);
        const started = before.startedAt != null;
        // Cancelled before it ever started: it starts now (the ledger is written by the dispatcher).
        const row = started
          ? await repo.transition(unit.tx, ctx.companyId, id, ['CANCELADA'], { status: 'EM_ANDAMENTO', completedAt: null })
          : await repo.transition(unit.tx, ctx.companyId, id, ['CANCELADA'], { status: 'PROGRAMADA', scheduledAt: clock.now(), completedAt: null });
        if (!row) throw new AppError('ERR_INVALID_TRANSITION');
        await auditQueries.record(unit.tx, ctx, { entity: 'campaign', entityId: id, action: 'update', before: audited(before), after: audited(row) });
        if (started) {
          await repo.requeueUnsent(unit.tx, ctx.companyId, id);
          for (const shippingId of await repo.confirmedIds(unit.tx, ctx.companyId, id)) await jobs.enqueue(unit.tx, 'campaign.send', { companyId: ctx.companyId, campaignId: id, shippingId });
        }
        await jobs.enqueue(unit.tx, 'campaign.dispatch', { companyId: ctx.companyId, campaignId: id });
        return announce(unit, ctx.companyId, id);
      }),

    attach: async (ctx: Ctx, id: number, file: UploadedFile): Promise<CampaignDto> => {
      assertManager(ctx);
      // It goes to every customer: programs are refused, sizes limited per kind (decision 0034's rule).
      await classifyUpload(uploadOf(file.fileName, file.mimetype, file.bytes), false);
      const { dto, replaced } = await data.withTenant(ctx, async (unit) => {
        const before = await found(unit.tx, ctx, id, 'update');
        assertEditable(before);
        if (before.template && !before.confirmation) throw invalid('media', 'outside the 24-hour window only the template is sent');
        const { mediaPath, mediaName } = await storeAttachment(media, ctx.companyId, file);
        await repo.update(unit.tx, ctx.companyId, id, { mediaPath, mediaName });
        await auditQueries.record(unit.tx, ctx, { entity: 'campaign', entityId: id, action: 'update', before: { mediaName: before.mediaName || null }, after: { mediaName } });
        return { dto: await announce(unit, ctx.companyId, id), replaced: before.mediaPath };
      });
      if (replaced && replaced !== dto.mediaPath) await discard(ctx.companyId, replaced);
      return dto;
    },

    detach: async (ctx: Ctx, id: number): Promise<CampaignDto> => {
      assertManager(ctx);
      const { dto, removed } = await data.withTenant(ctx, async (unit) => {
        const before = await found(unit.tx, ctx, id, 'update');
        assertEditable(before);
        await repo.update(unit.tx, ctx.companyId, id, { mediaPath: '', mediaName: '' });
        await auditQueries.record(unit.tx, ctx, { entity: 'campaign', entityId: id, action: 'update', before: { mediaName: before.mediaName || null }, after: { mediaName: null } });
        return { dto: await announce(unit, ctx.companyId, id), removed: before.mediaPath };
      });
      await discard(ctx.companyId, removed);
      return dto;
    },

    settings: (ctx: Ctx): Promise<CampaignSettingsDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        assertManager(ctx);
        return repo.getSettings(tx, ctx.companyId);
      }),

    saveSettings: (ctx: Ctx, body: SaveCampaignSettingsBody): Promise<CampaignSettingsDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        assertManager(ctx);
        const before = await repo.getSettings(tx, ctx.companyId);
        const s = body.settings;
        for (const key of ['messageInterval', 'longerIntervalAfter', 'greaterInterval'] as const) {
          const v = s[key];
          if (v !== undefined) await repo.putSetting(tx, ctx.companyId, key, String(v));
        }
        if (s.variables) await repo.putSetting(tx, ctx.companyId, 'variables', JSON.stringify(s.variables));
        const after = await repo.getSettings(tx, ctx.companyId);
        await auditQueries.record(tx, ctx, { entity: 'setting', entityId: 'campaigns', action: 'update', before, after });
        return after;
      }),

    /** The DTO for the live channel (no caller: the listener's own read). */
    dtoFor: (companyId: number, id: number): Promise<CampaignDto | undefined> =>
      data.withTenant({ companyId }, async ({ tx }) => {
        const row = await repo.getJoined(tx, companyId, id);
        return row ? repo.toCampaignDto(row, await repo.reportOf(tx, companyId, id)) : undefined;
      }),
  };
};

export type CampaignsService = ReturnType<typeof createCampaignsService>;
