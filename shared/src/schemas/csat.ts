/** The 1–5 satisfaction survey after close (issue 30 §4; decision 0396). */
import { z } from 'zod';

const id = z.coerce.number().int().min(1).max(2 ** 31 - 1);

/** GET /csat/ratings: the ratings given in a period (days in the company's zone; default the last 30), optionally of one agent or queue. */
export const CsatRatingsQuery = z.object({
  from: z.string().date().optional(),
  to: z.string().date().optional(),
  userId: id.optional(),
  queueId: id.optional(),
});
export type CsatRatingsQuery = z.infer<typeof CsatRatingsQuery>;

const group = z.object({ count: z.number(), average: z.number().nullable() });

export const CsatRatingsDto = group.extend({
  from: z.string(),
  to: z.string(),
  /** How many ratings of 1, 2, 3, 4 and 5. */
  distribution: z.array(z.number()).length(5),
  byAgent: z.array(group.extend({ userId: z.number().nullable(), name: z.string() })),
  byQueue: z.array(group.extend({ queueId: z.number().nullable(), name: z.string() })),
  /** The latest comments (at most 20). */
  comments: z.array(z.object({ ticketId: z.number(), score: z.number(), comment: z.string(), ratedAt: z.string() })),
});
export type CsatRatingsDto = z.infer<typeof CsatRatingsDto>;
