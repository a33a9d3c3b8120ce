import { z } from 'zod';
import { dbId, dbIdParam, looseBool, msg, pageOf, SearchPageQuery, stamps } from './common';

/** administration.md §5: 'Mensagem muito curta' under 5 characters. */
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_BODY_MAX = 65_536;
export const scheduleMsg = { tooShort: 'Mensagem muito curta' } as const;

export const scheduleStatuses = ['PENDENTE', 'ENVIADA', 'ERRO', 'CANCELADA'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/**
 * A scheduled message (administration.md "Schedule") or a follow-up that cancels itself
 * (`cancelOnReply` + `ticketId`, issue 13 §2). `mediaPath` is the stored file's name.
 */
export const ScheduleDto = z.object({
  id: z.number(),
  body: z.string(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  ticketId: z.number().nullable(),
  userId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  status: z.enum(scheduleStatuses),
  /** Why it is ERRO (readable), '' otherwise. */
  error: z.string(),
  attempts: z.number(),
  /** Sent after its time because the server was down. */
  late: z.boolean(),
  cancelOnReply: z.boolean(),
  cancelledAt: z.string().nullable(),
  messageId: z.number().nullable(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  companyId: z.number(),
  ...stamps,
});
export type ScheduleDto = z.infer<typeof ScheduleDto>;

const scheduleBody = z
  .string({ error: msg.obrigatorio })
  .trim()
  .min(1, msg.obrigatorio)
  .min(SCHEDULE_BODY_MIN, scheduleMsg.tooShort)
  .max(SCHEDULE_BODY_MAX, msg.tooLong);
/**
 * An ISO time; without an offset (the spec's client sends a datetime-local `2025-01-31T10:00`) it
 * is the company's local time (decision 0212).
 */
const sendAt = z.iso.datetime({ offset: true, local: true, error: msg.obrigatorio });

/**
 * `POST /schedules`. A follow-up gives `ticketId` and `cancelOnReply: true` (its contact must be the
 * ticket's). The spec's client also sends `userId`, `companyId`, `status`…: ignored.
 */
export const CreateScheduleBody = z.object({
  body: scheduleBody,
  contactId: z.coerce.number({ error: msg.obrigatorio }).pipe(dbId),
  sendAt,
  ticketId: dbId.nullish(),
  cancelOnReply: looseBool.optional().default(false),
});
export type CreateScheduleBody = z.infer<typeof CreateScheduleBody>;

/** `PUT /schedules/:id`: body fields (the spec's client adds `userId`: ignored); only while unsent. */
export const UpdateScheduleBody = z.object({
  body: scheduleBody.optional(),
  contactId: z.coerce.number().pipe(dbId).optional(),
  sendAt: sendAt.optional(),
  userId: z.unknown().optional(),
});
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBody>;

/**
 * `GET /schedules/`: the spec's page (`searchParam`, `pageNumber`); the calendar asks for a range
 * (`start`, `end`, ISO; up to 500 in it, decision 0211); the conversation for its ticket's
 * pending follow-ups (`ticketId`, `status`).
 */
export const ListSchedulesQuery = SearchPageQuery.extend({
  contactId: dbIdParam.optional(),
  ticketId: dbIdParam.optional(),
  status: z.enum(scheduleStatuses).optional(),
  start: z.iso.datetime({ offset: true, local: true }).optional(),
  end: z.iso.datetime({ offset: true, local: true }).optional(),
});
export type ListSchedulesQuery = z.infer<typeof ListSchedulesQuery>;

export const ListSchedulesResponse = pageOf('schedules', ScheduleDto);
export type ListSchedulesResponse = z.infer<typeof ListSchedulesResponse>;
