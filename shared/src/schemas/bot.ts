import { z } from 'zod';
import { dbId } from './common';

/** One entry of a ticket's bot timeline (issue 12 §6): a menu shown, an option chosen, a hand-off… */
export const TicketEventDto = z.object({
  id: z.number(),
  ticketId: z.number(),
  /** menu | option | invalid | out-of-hours | handoff | responder | responder-done | integration | ai | rating | discarded … */
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TicketEventDto = z.infer<typeof TicketEventDto>;

export const TicketEventsResponse = z.object({ events: z.array(TicketEventDto) });
export type TicketEventsResponse = z.infer<typeof TicketEventsResponse>;

/**
 * POST /bot/replay (issue 12 item 7, decisions 0200–0204): run the CURRENT configuration of one
 * queue, integration or prompt over a past ticket's inbound messages. Exactly one target.
 */
export const ReplayBody = z
  .object({
    ticketId: dbId,
    queueId: dbId.optional(),
    integrationId: dbId.optional(),
    promptId: dbId.optional(),
  })
  .strict()
  .refine((b) => [b.queueId, b.integrationId, b.promptId].filter((v) => v !== undefined).length === 1, {
    message: 'Informe exatamente um entre queueId, integrationId e promptId',
    path: ['queueId'],
  });
export type ReplayBody = z.infer<typeof ReplayBody>;

export const replayTargetKinds = ['queue', 'integration', 'prompt'] as const;
export type ReplayTargetKind = (typeof replayTargetKinds)[number];

/** A message in a replay row: stored (what was sent then) or simulated (what would be sent now). */
export const ReplayMessageDto = z.object({
  body: z.string(),
  /** The file's kind (image, audio, document…) and name, when the message carries one. */
  mediaType: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** A generated voice note (AI prompt with a voice): not synthesised in a replay, only named. */
  voice: z.string().nullable(),
});
export type ReplayMessageDto = z.infer<typeof ReplayMessageDto>;

/** Where the simulated ticket stands after the turn. */
export const ReplayDecisionDto = z.object({
  status: z.enum(['attending', 'pending', 'open', 'closed']),
  queueId: z.number().nullable(),
  queueName: z.string().nullable(),
  userId: z.number().nullable(),
  /** The bot let go on this turn: leaf | queue | out-of-hours | max-uses | time | responder… (null: still in the bot, or already with a person). */
  handoff: z.string().nullable(),
  /** The bot had already let go before this message: a person would have answered it. */
  withPerson: z.boolean(),
});
export type ReplayDecisionDto = z.infer<typeof ReplayDecisionDto>;

export const ReplayRowDto = z.object({
  messageId: z.number(),
  at: z.string(),
  inbound: z.object({ body: z.string(), mediaType: z.string().nullable() }),
  /** The automated messages stored after this inbound message and before the next one. */
  actual: z.array(ReplayMessageDto),
  /** What the current configuration answers now. */
  replay: z.array(ReplayMessageDto),
  decision: ReplayDecisionDto,
  /** The simulated turn's timeline entries (menu, option, integration call with status and duration…). */
  events: z.array(z.object({ kind: z.string(), detail: z.record(z.string(), z.unknown()) })),
  /** A responder's failure on this turn (timeout, http 500, bad-json…), shown in the row. */
  error: z.string().nullable(),
  /** Not run: the replay's time budget was spent. */
  skipped: z.boolean(),
});
export type ReplayRowDto = z.infer<typeof ReplayRowDto>;

export const ReplayResponse = z.object({
  ticketId: z.number(),
  target: z.object({ kind: z.enum(replayTargetKinds), id: z.number(), name: z.string() }),
  rows: z.array(ReplayRowDto),
  /** Inbound messages of the ticket in all; only the first `limit` are replayed. */
  inboundTotal: z.number(),
  limit: z.number(),
  truncated: z.boolean(),
  /** The time budget ran out: the remaining rows are `skipped`. */
  budgetExceeded: z.boolean(),
  durationMs: z.number(),
});
export type ReplayResponse = z.infer<typeof ReplayResponse>;
