import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { SlaState } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { tickets } from './tickets.table';

/** What the SLA module reads of a ticket it is about to change (issue 30 §3). */
export interface SlaTicket {
  id: number;
  uuid: string;
  companyId: number;
  contactId: number;
  queueId: number | null;
  userId: number | null;
  status: string;
  isGroup: boolean;
  sla: SlaState | null;
}

const cols = {
  id: tickets.id,
  uuid: tickets.uuid,
  companyId: tickets.companyId,
  contactId: tickets.contactId,
  queueId: tickets.queueId,
  userId: tickets.userId,
  status: tickets.status,
  isGroup: tickets.isGroup,
  sla: tickets.sla,
};

/** The ticket locked for an SLA change (a message's listener and the sweep take turns). */
export const lockSla = async (tx: Tx, companyId: number, id: number): Promise<SlaTicket | undefined> =>
  (await tx.select(cols).from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id))).for('update'))[0];

/**
 * The ticket's SLA clocks and the sweep's next moment. Not a change the lists order by:
 * `updated_at` stays (a deadline is not news in the conversation).
 */
export const setSla = async (tx: Tx, companyId: number, id: number, sla: SlaState | null, checkAt: Date | null): Promise<void> => {
  await tx.update(tickets).set({ sla, slaCheckAt: checkAt }).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)));
};

/**
 * Every company's tickets whose SLA has something due by `now` (a warning or a breach), soonest
 * first (the partial index `tickets_sla_check`). Run under `withSystem('sla:sweep')`; each is
 * locked and looked at again in its company's own transaction.
 */
export const slaDue = async (tx: Tx, now: Date, limit: number): Promise<{ id: number; companyId: number }[]> =>
  tx
    .select({ id: tickets.id, companyId: tickets.companyId })
    .from(tickets)
    .where(and(isNotNull(tickets.slaCheckAt), lte(tickets.slaCheckAt, now)))
    .orderBy(asc(tickets.slaCheckAt))
    .limit(limit);
