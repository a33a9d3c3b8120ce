import type { Tx } from '../../db/client';
import { ticketEvents } from './ticket-events.table';

/** One row of a ticket's automation timeline: what happened (`kind`) and its facts. */
export interface TimelineEntry {
  kind: string;
  detail: Record<string, unknown>;
}

/**
 * Rows on one ticket's timeline, in the caller's transaction (the bot's decisions, a schedule's
 * outcome, an opt-out, a transition's own row); `extra` joins every row's detail (the message the
 * turn answered). The one writer of `ticket_events` (issue 27 §2).
 */
export const recordEvents = async (tx: Tx, companyId: number, ticketId: number, entries: TimelineEntry[], extra: Record<string, unknown> = {}): Promise<void> => {
  if (entries.length === 0) return;
  await tx.insert(ticketEvents).values(entries.map((e) => ({ companyId, ticketId, kind: e.kind.slice(0, 40), detail: { ...e.detail, ...extra } })));
};

/** One row of `kind` on each of many tickets of a company, in one statement (timers firing in a batch). */
export const recordEventsMany = async (tx: Tx, companyId: number, kind: string, rows: { ticketId: number; detail: Record<string, unknown> }[]): Promise<void> => {
  if (rows.length === 0) return;
  await tx.insert(ticketEvents).values(rows.map((r) => ({ companyId, ticketId: r.ticketId, kind: kind.slice(0, 40), detail: r.detail })));
};
