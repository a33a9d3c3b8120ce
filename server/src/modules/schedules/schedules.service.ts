import { can, type CreateScheduleBody, type ListSchedulesQuery, type ListSchedulesResponse, type ScheduleDto, type UpdateScheduleBody } from '@balcao/shared';
import type { Ctx, DataAccess, Unit } from '../../db/tenant';
import type { Tx } from '../../db/client';
import type { Clock } from '../../infra/clock';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import { sniff, type MediaStore } from '../../infra/media-store';
import { storeAttachment, type UploadedFile } from '../../infra/uploads';
import { auditQueries } from '../audit';
import { companiesQueries } from '../companies';
import { contactsQueries } from '../contacts';
import { ticketsQueries } from '../tickets';
import * as repo from './schedules.repository';
import { instantOf } from './schedules.time';

/** What an attachment may be (administration.md: .png, .jpg, .jpeg), by its bytes. */
const IMAGE_EXTENSIONS = new Set(['png', 'jpg']);

/** The fields the audit trail compares. */
const audited = (r: repo.ScheduleRow) => ({ body: r.body, contactId: r.contactId, sendAt: r.sendAt.toISOString(), mediaName: r.mediaName, status: r.status });

/**
 * Plans the row's send job at its `sendAt` (in the caller's transaction). The job carries the
 * time it was planned for: after an edit the old job finds another time and does nothing.
 */
export const planSend = async (tx: Tx, jobs: Jobs, clock: Clock, row: repo.ScheduleRow): Promise<void> => {
  const inSeconds = Math.max(0, (row.sendAt.getTime() - clock.now().getTime()) / 1000);
  await jobs.enqueue(tx, 'schedule.send', { companyId: row.companyId, scheduleId: row.id, sendAt: row.sendAt.toISOString() }, inSeconds > 0 ? { startAfterSeconds: inSeconds } : {});
};

export const createSchedulesService = (deps: { data: DataAccess; jobs: Jobs; clock: Clock; media: MediaStore }) => {
  const { data, jobs, clock, media } = deps;

  const timeZoneOf = async (tx: Tx, companyId: number) => (await companiesQueries.get(tx, companyId))?.timezone ?? 'America/Sao_Paulo';
  const found = async (tx: Tx, ctx: Ctx, id: number) => {
    const row = await repo.lock(tx, ctx.companyId, id);
    if (!row) throw new AppError('ERR_NO_SCHEDULE_FOUND');
    return row;
  };
  /** Anyone's with `schedules:manageAll`, else only one's own (decision 0210). */
  const editable = async (tx: Tx, ctx: Ctx, id: number) => {
    const row = await found(tx, ctx, id);
    if (row.userId !== ctx.userId && !can(ctx, 'schedules:manageAll')) throw new AppError('ERR_NO_PERMISSION');
    return row;
  };
  /** Saved only while unsent (the spec's modal hides its button once sentAt is set). */
  const unsent = (row: repo.ScheduleRow) => {
    if (row.sentAt || row.status === 'ENVIADA') throw new AppError('ERR_SCHEDULE_ALREADY_SENT');
    return row;
  };
  const announce = async (unit: Unit, companyId: number, id: number, created: boolean): Promise<ScheduleDto> => {
    const dto = (await repo.getDto(unit.tx, companyId, id))!;
    unit.stage({ type: 'schedule.saved', companyId, schedule: dto, created });
    return dto;
  };
  const discard = async (companyId: number, name: string) => {
    if (name) await media.remove(companyId, name).catch(() => undefined);
  };
  /** Wake the sender now when the time already came (else pg-boss starts it at sendAt). */
  const wakeIfDue = (row: repo.ScheduleRow) => {
    if (row.sendAt.getTime() <= clock.now().getTime()) jobs.notify('schedule.send');
  };

  return {
    page: (ctx: Ctx, q: ListSchedulesQuery): Promise<ListSchedulesResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        const tz = q.start || q.end ? await timeZoneOf(tx, ctx.companyId) : 'UTC';
        const { rows, count, size } = await repo.page(tx, ctx.companyId, {
          ...q,
          start: q.start ? instantOf(q.start, tz) : undefined,
          end: q.end ? instantOf(q.end, tz) : undefined,
        });
        return { schedules: rows, count, hasMore: (q.pageNumber - 1) * size + rows.length < count };
      }),

    show: (ctx: Ctx, id: number): Promise<ScheduleDto> =>
      data.withTenant(ctx, async ({ tx }) => {
        const dto = await repo.getDto(tx, ctx.companyId, id);
        if (!dto) throw new AppError('ERR_NO_SCHEDULE_FOUND');
        return dto;
      }),

    create: async (ctx: Ctx, body: CreateScheduleBody): Promise<ScheduleDto> => {
      const { dto, row } = await data.withTenant(ctx, async (unit) => {
        const { tx } = unit;
        if (!(await contactsQueries.get(tx, ctx.companyId, body.contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
        let ticketId: number | null = null;
        if (body.ticketId) {
          const ticket = await ticketsQueries.get(tx, ctx.companyId, body.ticketId);
          if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
          if (ticket.contactId !== body.contactId) throw new AppError('ERR_VALIDATION', "the ticket is another contact's");
          ticketId = ticket.id;
        } else if (body.cancelOnReply) throw new AppError('ERR_VALIDATION', 'a follow-up needs its ticket');
        const row = await repo.insert(tx, {
          companyId: ctx.companyId,
          body: body.body,
          contactId: body.contactId,
          ticketId,
          userId: ctx.userId || null,
          sendAt: instantOf(body.sendAt, await timeZoneOf(tx, ctx.companyId)),
          cancelOnReply: ticketId !== null && body.cancelOnReply,
        });
        await planSend(tx, jobs, clock, row);
        await auditQueries.record(tx, ctx, { entity: 'schedule', entityId: row.id, action: 'create', after: audited(row) });
        return { dto: await announce(unit, ctx.companyId, row.id, true), row };
      });
      wakeIfDue(row);
      return dto;
    },

    /** Body, contact or time, while unsent; an ERRO schedule edited goes back to PENDENTE with its tries reset. */
    update: async (ctx: Ctx, id: number, body: UpdateScheduleBody): Promise<ScheduleDto> => {
      const { dto, row } = await data.withTenant(ctx, async (unit) => {
        const { tx } = unit;
        const before = unsent(await editable(tx, ctx, id));
        if (body.contactId !== undefined && !(await contactsQueries.get(tx, ctx.companyId, body.contactId))) throw new AppError('ERR_NO_CONTACT_FOUND');
        if (body.contactId !== undefined && before.ticketId !== null && body.contactId !== before.contactId) throw new AppError('ERR_VALIDATION', "a follow-up's contact is its ticket's");
        const sendAt = body.sendAt !== undefined ? instantOf(body.sendAt, await timeZoneOf(tx, ctx.companyId)) : undefined;
        const row = (await repo.update(tx, ctx.companyId, id, {
          ...(body.body !== undefined ? { body: body.body } : {}),
          ...(body.contactId !== undefined ? { contactId: body.contactId } : {}),
          ...(sendAt ? { sendAt } : {}),
          // Saved again: pending, tries and reason reset (a cancelled follow-up comes back to life).
          status: 'PENDENTE',
          attempts: 0,
          error: '',
          late: false,
          cancelledAt: null,
        }))!;
        await planSend(tx, jobs, clock, row);
        await auditQueries.record(tx, ctx, { entity: 'schedule', entityId: id, action: 'update', before: audited(before), after: audited(row) });
        return { dto: await announce(unit, ctx.companyId, id, false), row };
      });
      wakeIfDue(row);
      return dto;
    },

    /** Deleting a pending follow-up is the conversation's "cancel": its ticket's timeline says so. */
    remove: async (ctx: Ctx, id: number): Promise<void> => {
      const gone = await data.withTenant(ctx, async ({ tx, stage }) => {
        const before = await editable(tx, ctx, id);
        await repo.remove(tx, ctx.companyId, id);
        if (before.cancelOnReply && before.ticketId && before.status === 'PENDENTE') {
          await ticketsQueries.recordEvents(tx, ctx.companyId, before.ticketId, [{ kind: 'schedule', detail: { scheduleId: id, outcome: 'cancelled', by: 'user', userId: ctx.userId } }]);
        }
        await auditQueries.record(tx, ctx, { entity: 'schedule', entityId: id, action: 'delete', before: audited(before) });
        stage({ type: 'schedule.deleted', companyId: ctx.companyId, scheduleId: id, ticketId: before.ticketId });
        return before;
      });
      await discard(ctx.companyId, gone.mediaPath);
    },

    /** A .png/.jpg/.jpeg by its bytes (whatever the name says), replacing any earlier one; while unsent. */
    attach: async (ctx: Ctx, id: number, file: UploadedFile): Promise<ScheduleDto> => {
      const { dto, replaced } = await data.withTenant(ctx, async (unit) => {
        const before = unsent(await editable(unit.tx, ctx, id));
        if (file.bytes.length === 0) throw new AppError('ERR_VALIDATION', 'empty file');
        const kind = await sniff(file.bytes);
        if (!kind || !IMAGE_EXTENSIONS.has(kind.ext)) throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED', 'only .png, .jpg or .jpeg');
        const row = (await repo.update(unit.tx, ctx.companyId, id, await storeAttachment(media, ctx.companyId, file, kind.mime)))!;
        await auditQueries.record(unit.tx, ctx, { entity: 'schedule', entityId: id, action: 'update', before: audited(before), after: audited(row) });
        return { dto: await announce(unit, ctx.companyId, id, false), replaced: before.mediaPath };
      });
      await discard(ctx.companyId, replaced);
      return dto;
    },

    detach: async (ctx: Ctx, id: number): Promise<ScheduleDto> => {
      const { dto, removed } = await data.withTenant(ctx, async (unit) => {
        const before = unsent(await editable(unit.tx, ctx, id));
        const row = (await repo.update(unit.tx, ctx.companyId, id, { mediaPath: '', mediaName: '' }))!;
        await auditQueries.record(unit.tx, ctx, { entity: 'schedule', entityId: id, action: 'update', before: audited(before), after: audited(row) });
        return { dto: await announce(unit, ctx.companyId, id, false), removed: before.mediaPath };
      });
      await discard(ctx.companyId, removed);
      return dto;
    },
  };
};

export type SchedulesService = ReturnType<typeof createSchedulesService>;
