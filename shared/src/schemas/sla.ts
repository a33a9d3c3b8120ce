/** SLA policies and a ticket's SLA clocks (issue 30 §3). */
import { z } from 'zod';

const iso = z.string();

/** The three targets, each counted in the company's business hours. */
export const slaTargets = ['firstResponse', 'nextResponse', 'resolution'] as const;
export type SlaTarget = (typeof slaTargets)[number];

/**
 * One running or finished clock. `warnAt`: the last fifth of the target begins (the badge turns
 * amber, supervisors are warned); `breachedAt`: the deadline passed unmet (kept, never recomputed);
 * `metAt`: the agent answered / the ticket closed; `stoppedAt`: it ended without being met (the
 * ticket closed before an answer).
 */
export const SlaClock = z.object({
  startedAt: iso,
  dueAt: iso,
  warnAt: iso,
  warnedAt: iso.nullable(),
  breachedAt: iso.nullable(),
  metAt: iso.nullable(),
  stoppedAt: iso.nullable(),
});
export type SlaClock = z.infer<typeof SlaClock>;

/** A ticket's SLA: null clocks never started (no target, or not yet due: next response). */
export const SlaState = z.object({
  firstResponse: SlaClock.nullable(),
  nextResponse: SlaClock.nullable(),
  resolution: SlaClock.nullable(),
  /** Next-response clocks breached on this ticket so far, this one included. */
  nextResponseBreaches: z.number().int(),
  /** The customer wrote and no agent has answered since (their next message starts no clock). */
  awaitingReply: z.boolean(),
});
export type SlaState = z.infer<typeof SlaState>;

/** Whether a clock still runs (neither met nor stopped). */
export const slaRunning = (c: SlaClock | null): c is SlaClock => !!c && !c.metAt && !c.stoppedAt;

/** A target in business minutes (up to a year of them), or null for none. */
const minutes = z.number().int().min(1).max(525_600).nullable();
export const SlaTargetsDto = z.object({
  firstResponseMinutes: minutes,
  nextResponseMinutes: minutes,
  resolutionMinutes: minutes,
});
export type SlaTargetsDto = z.infer<typeof SlaTargetsDto>;

const hhmm = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'HH:MM');
/** One open period of a weekday (0 = Sunday), local time; several per day allowed. */
export const BusinessPeriodDto = z
  .object({ weekday: z.number().int().min(0).max(6), start: hhmm, end: hhmm })
  .refine((p) => p.start < p.end, { message: 'start before end', path: ['end'] });
export type BusinessPeriodDto = z.infer<typeof BusinessPeriodDto>;

/** The company's business hours for SLA clocks; no period = its working hours (`schedules`), else around the clock. */
export const BusinessHoursDto = z.object({
  periods: z.array(BusinessPeriodDto).max(70),
  holidays: z.array(z.string().date()).max(400),
});
export type BusinessHoursDto = z.infer<typeof BusinessHoursDto>;

/**
 * A queue's own target: minutes; null = the company's default applies (a queue never loses it by
 * leaving a field empty); 0 = no target in this queue, the default switched off on purpose
 * (decision 0432).
 */
const queueMinutes = z.number().int().min(0).max(525_600).nullable();
export const QueueSlaTargets = z.object({
  firstResponseMinutes: queueMinutes,
  nextResponseMinutes: queueMinutes,
  resolutionMinutes: queueMinutes,
});
export type QueueSlaTargets = z.infer<typeof QueueSlaTargets>;

export const QueueSlaDto = QueueSlaTargets.extend({ queueId: z.number() });
export type QueueSlaDto = z.infer<typeof QueueSlaDto>;

/** GET /sla: the company's default targets, its business hours and each queue's own targets. */
export const SlaSettingsDto = z.object({ company: SlaTargetsDto, hours: BusinessHoursDto, queues: z.array(QueueSlaDto) });
export type SlaSettingsDto = z.infer<typeof SlaSettingsDto>;

/** PUT /sla: the default targets and/or the business hours (what is left out stays). */
export const UpdateSlaBody = z.object({ company: SlaTargetsDto.optional(), hours: BusinessHoursDto.optional() });
export type UpdateSlaBody = z.infer<typeof UpdateSlaBody>;

/** PUT /sla/queues/:queueId: the queue's own targets (null: the company's default applies; 0: none in this queue). */
export const UpdateQueueSlaBody = QueueSlaTargets;
export type UpdateQueueSlaBody = z.infer<typeof UpdateQueueSlaBody>;

/**
 * `company-<id>-sla` `{ action: 'warning' | 'breach', alert }`: a ticket's clock entered its last
 * fifth or passed its deadline; to the ticket's queue's supervisors, the admins and its agent.
 */
export const SlaAlertDto = z.object({
  ticketId: z.number(),
  ticketUuid: z.string(),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  contactName: z.string(),
  target: z.enum(slaTargets),
  dueAt: iso,
});
export type SlaAlertDto = z.infer<typeof SlaAlertDto>;
