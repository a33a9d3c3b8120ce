import { z } from 'zod';
import { dbId, dbIdParam, MAX_DB_ID, msg } from './common';

/** The days a queue's (or the company's) working hours list, in the spec's order (weekdayEn). */
export const weekdaysEn = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayEn = (typeof weekdaysEn)[number];

/** A time as the spec's `##:##` mask types it: 00:00 to 23:59 (decision 0100). */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDay = z.string().regex(HHMM, 'Use ##:##');

export const QueueSchedule = z.object({
  weekday: z.string().trim().min(1).max(30),
  weekdayEn: z.enum(weekdaysEn),
  startTime: timeOfDay,
  endTime: timeOfDay,
});
export type QueueSchedule = z.infer<typeof QueueSchedule>;

/** At most one entry per day. */
export const QueueSchedules = z
  .array(QueueSchedule)
  .max(7)
  .refine((s) => new Set(s.map((d) => d.weekdayEn)).size === s.length, { message: 'one entry per weekday' });

/**
 * The spec's default week (administration.md §9): Mon–Fri 08:00–18:00, Sat 08:00–12:00,
 * Sun 00:00–00:00 (closed). `weekday` is the Portuguese name the screen shows.
 */
export const defaultQueueSchedules: QueueSchedule[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];

const text5000 = z.string().max(5000);
/** `orderQueue` as the spec's form sends it: a number, its text, or '' / null for none. */
const orderQueue = z.union([
  z.number().int().min(0).max(1000),
  z.null(),
  z.literal('').transform(() => null),
  z.string().regex(/^\d{1,4}$/).transform(Number).pipe(z.number().int().min(0).max(1000)),
]);
/** A reference the spec's form clears with '' or `false` (decision 0037): none. */
const optionalRef = z.union([dbId, z.null(), z.literal(false).transform(() => null), z.literal('').transform(() => null)]);

/**
 * How a queue's waiting tickets find an agent (issue 30 §2): `none` (today: an agent takes them),
 * `round_robin` (the online agent assigned least recently in the queue) or `balanced` (the one
 * with the fewest open tickets). The spec's own client never sends it: a queue it creates is `none`.
 */
export const assignmentPolicies = ['none', 'round_robin', 'balanced'] as const;
export type AssignmentPolicy = (typeof assignmentPolicies)[number];
/** Open tickets an agent holds at most under assignment; null: no limit. */
export const agentCapacity = z.number().int().min(1).max(1000).nullable();
/** Minutes an assigned ticket may go unanswered before the next agent gets it; null: never. */
export const reassignAfterMinutes = z.number().int().min(1).max(1440).nullable();

const queueName = z.string({ error: msg.required }).trim().min(1, msg.required).min(2, msg.tooShort).max(50, msg.tooLong);
const queueColor = z.string({ error: msg.required }).trim().min(3, msg.tooShort).max(9, msg.tooLong);

/** What both the create and the change of a queue may leave out (absent: the default, or unchanged). */
const queueOptionalFields = {
  orderQueue: orderQueue.optional(),
  integrationId: optionalRef.optional(),
  promptId: optionalRef.optional(),
  schedules: QueueSchedules.optional(),
  assignment: z.enum(assignmentPolicies).optional(),
  agentCapacity: agentCapacity.optional(),
  reassignAfterMinutes: reassignAfterMinutes.optional(),
};

export const CreateQueueBody = z.object({
  name: queueName,
  color: queueColor,
  greetingMessage: text5000.nullish().transform((v) => v ?? ''),
  outOfHoursMessage: text5000.nullish().transform((v) => v ?? ''),
  ...queueOptionalFields,
});
export type CreateQueueBody = z.infer<typeof CreateQueueBody>;

/** `PUT /queue/:id`: any of the fields (the spec's form sends them all); absent ones stay. */
export const UpdateQueueBody = z.object({
  name: queueName.optional(),
  color: queueColor.optional(),
  greetingMessage: text5000.nullish().transform((v) => (v === null ? '' : v)),
  outOfHoursMessage: text5000.nullish().transform((v) => (v === null ? '' : v)),
  ...queueOptionalFields,
});
export type UpdateQueueBody = z.infer<typeof UpdateQueueBody>;

/**
 * One option of a queue's chatbot menu (administration.md §3: a tree). `option` is the number
 * the customer types; `parentId` null = a root option. `mediaPath` is the stored file's name; its
 * bytes are served with the session at `GET /queue-options/:id/media`.
 */
export const QueueOptionDto = z.object({
  id: z.number(),
  queueId: z.number(),
  parentId: z.number().nullable(),
  title: z.string(),
  option: z.string(),
  message: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
});
export type QueueOptionDto = z.infer<typeof QueueOptionDto>;

/** `GET /queue-options`: one level (`parentId`, -1 = the roots) or, without it, the whole tree flat. */
export const ListQueueOptionsQuery = z.object({
  queueId: dbIdParam,
  parentId: z.coerce.number().int().min(-1).max(MAX_DB_ID).refine((n) => n !== 0, 'not an id').optional(),
});
export type ListQueueOptionsQuery = z.infer<typeof ListQueueOptionsQuery>;

const optionTitle = z.string({ error: msg.required }).trim().min(1, msg.required).max(100, msg.tooLong);
/** The number typed to choose it; the spec's client sends it as a number or text. */
const optionKey = z.union([z.number().int().min(0).max(999_999).transform(String), z.string().trim().max(20)]);

export const CreateQueueOptionBody = z.object({
  queueId: dbId,
  /** null, absent or -1: a root option. */
  parentId: z.union([dbId, z.null(), z.literal(-1).transform(() => null)]).optional(),
  title: optionTitle,
  option: optionKey.optional().default(''),
  message: text5000.nullish().transform((v) => v ?? ''),
});
export type CreateQueueOptionBody = z.infer<typeof CreateQueueOptionBody>;

/** `PUT /queue-options/:id`: title, option and message; an option never moves (queueId, parentId ignored). */
export const UpdateQueueOptionBody = z.object({
  title: optionTitle.optional(),
  option: optionKey.optional(),
  message: text5000.nullish().transform((v) => (v === null ? '' : v)),
});
export type UpdateQueueOptionBody = z.infer<typeof UpdateQueueOptionBody>;
