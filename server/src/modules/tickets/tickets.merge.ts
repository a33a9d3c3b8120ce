import { sql } from 'drizzle-orm';
import { statusesFor } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { recordEventsMany } from './ticket-events.repository';

/** A ticket the merge closed, with what it was before (its `ticket.updated` previous). */
export interface MergeClosed {
  id: number;
  previous: { status: string; queueId: number | null; userId: number | null };
}

type Live = { id: number; contactId: number; whatsappId: number | null; status: string; queueId: number | null; userId: number | null; updatedAt: number };

/** Which of two live tickets on one connection stays live: the one an agent holds, then the one touched last, then the newer. */
const survivorFirst = (a: Live, b: Live): number =>
  Number(b.status === 'open') - Number(a.status === 'open') || b.updatedAt - a.updatedAt || b.id - a.id;

const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * A merged contact's tickets become the kept one's (contact merge, decision 0360). At most one
 * live ticket per contact and connection (`tickets_one_live`): where both contacts have one on
 * the same connection, the survivor (held by an agent, else the one touched last) stays live and
 * the other is closed by the transition table's `close` (its timeline says why), kept as history
 * of the same contact. Returns every ticket that changed contact and those closed.
 */
export const moveContact = async (tx: Tx, companyId: number, from: number, to: number, now: Date): Promise<{ moved: number[]; closed: MergeClosed[] }> => {
  const live = (await tx.execute<Live>(sql`
    select id, contact_id as "contactId", whatsapp_id as "whatsappId", status, queue_id as "queueId", user_id as "userId", extract(epoch from updated_at)::float8 as "updatedAt"
    from tickets where company_id = ${companyId} and contact_id in (${from}, ${to}) and status <> 'closed'
    order by id for update`)) as unknown as Live[];
  const byConnection = new Map<number, Live[]>();
  for (const t of live) if (t.whatsappId !== null) byConnection.set(t.whatsappId, [...(byConnection.get(t.whatsappId) ?? []), t]);
  const losers: Live[] = [];
  for (const pair of byConnection.values()) if (pair.length > 1) losers.push(...[...pair].sort(survivorFirst).slice(1));
  const closing = losers.map((t) => t.id);
  const from_ = sql`${`{${statusesFor('close').join(',')}}`}::text[]`;
  const closed = closing.length
    ? ((await tx.execute<{ id: number }>(sql`
        update tickets set status = 'closed', closed_at = ${now.toISOString()}::timestamptz, chatbot = false, use_integration = false,
          prompt_id = null, integration_id = null, updated_at = now()
        where company_id = ${companyId} and id = any(${intArray(closing)}) and status = any(${from_})
        returning id`)) as unknown as { id: number }[])
    : [];
  const wasClosed = new Set(closed.map((r) => r.id));
  const closedTickets = losers.filter((t) => wasClosed.has(t.id));
  await recordEventsMany(tx, companyId, 'merge', closedTickets.map((t) => ({ ticketId: t.id, detail: { closed: true, from, to } })));
  const moved = (await tx.execute<{ id: number }>(sql`
    update tickets set contact_id = ${to}, updated_at = now() where company_id = ${companyId} and contact_id = ${from} returning id`)) as unknown as { id: number }[];
  return {
    moved: moved.map((r) => r.id),
    closed: closedTickets.map((t) => ({ id: t.id, previous: { status: t.status, queueId: t.queueId, userId: t.userId } })),
  };
};
