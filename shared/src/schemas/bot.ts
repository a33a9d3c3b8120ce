import { z } from 'zod';

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
