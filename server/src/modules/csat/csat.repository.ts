import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { csatRatings } from './csat.table';

/**
 * The survey asked at close: a new row, or the row of a ticket closed again whose survey was never
 * answered (asked anew). A ticket keeps its first rating: an answered survey is not asked again.
 */
export const ask = async (tx: Tx, r: { companyId: number; ticketId: number; contactId: number; whatsappId: number; userId: number | null; queueId: number | null; askedAt: Date; openUntil: Date }): Promise<boolean> => {
  const rows = await tx
    .insert(csatRatings)
    .values(r)
    .onConflictDoUpdate({
      target: [csatRatings.companyId, csatRatings.ticketId],
      set: { askedAt: r.askedAt, openUntil: r.openUntil, userId: r.userId, queueId: r.queueId, updatedAt: new Date() },
      setWhere: sql`${csatRatings.score} is null`,
    })
    .returning({ id: csatRatings.id });
  return rows.length > 0;
};

export type RatingRow = {
  ticketId: number;
  score: number;
  comment: string | null;
  /** As the driver gives it back (text or Date). */
  ratedAt: string | Date;
  userId: number | null;
  userName: string | null;
  queueId: number | null;
  queueName: string | null;
};

/** The ratings given between two days of the company's zone (both included), with the agent's and queue's names. */
export const rated = async (tx: Tx, companyId: number, f: { from: string; to: string; tz: string; userId?: number; queueId?: number }): Promise<RatingRow[]> => [
  ...(await tx.execute<RatingRow>(sql`
    select r.ticket_id as "ticketId", r.score, r.comment, r.rated_at as "ratedAt", r.user_id as "userId", u.name as "userName", r.queue_id as "queueId", q.name as "queueName"
    from csat_ratings r
    left join users u on u.id = r.user_id and u.company_id = ${companyId}
    left join queues q on q.id = r.queue_id and q.company_id = ${companyId}
    where r.company_id = ${companyId} and r.score is not null
      and r.rated_at >= (${f.from}::date::timestamp at time zone ${f.tz}) and r.rated_at < ((${f.to}::date + 1)::timestamp at time zone ${f.tz})
      ${f.userId ? sql`and r.user_id = ${f.userId}` : sql``} ${f.queueId ? sql`and r.queue_id = ${f.queueId}` : sql``}
    order by r.rated_at desc`)),
];
