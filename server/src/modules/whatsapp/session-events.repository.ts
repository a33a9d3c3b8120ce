import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { ConnectionStatus } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { whatsappSessionEvents } from './whatsapp-session.table';

export interface SessionEvent {
  id: number;
  whatsappId: number;
  status: ConnectionStatus;
  reason: string;
  code: number | null;
  at: Date;
}

const columns = {
  id: whatsappSessionEvents.id,
  whatsappId: whatsappSessionEvents.whatsappId,
  status: whatsappSessionEvents.status,
  reason: whatsappSessionEvents.reason,
  code: whatsappSessionEvents.code,
  at: whatsappSessionEvents.at,
};

const toEvent = (r: Omit<SessionEvent, 'status'> & { status: string }): SessionEvent => ({
  ...r,
  status: r.status as ConnectionStatus,
});

/** Records one status change of a connection (the session timeline). */
export const insert = async (
  tx: Tx,
  companyId: number,
  e: { whatsappId: number; status: ConnectionStatus; reason?: string; code?: number | null; at: Date },
): Promise<SessionEvent> => {
  const [row] = await tx
    .insert(whatsappSessionEvents)
    .values({ companyId, whatsappId: e.whatsappId, status: e.status, reason: e.reason ?? '', code: e.code ?? null, at: e.at })
    .returning(columns);
  return toEvent(row!);
};

/** The latest `limit` events of a connection, newest first (ties in time broken by insertion). */
export const listLatest = async (tx: Tx, companyId: number, whatsappId: number, limit: number): Promise<SessionEvent[]> => {
  const rows = await tx
    .select(columns)
    .from(whatsappSessionEvents)
    .where(and(eq(whatsappSessionEvents.companyId, companyId), eq(whatsappSessionEvents.whatsappId, whatsappId)))
    .orderBy(desc(whatsappSessionEvents.at), desc(whatsappSessionEvents.id))
    .limit(limit);
  return rows.map(toEvent);
};

/** How many events with a disconnect `code` since `since` (the policy's recent 440s). */
export const countCodeSince = async (tx: Tx, companyId: number, whatsappId: number, code: number, since: Date): Promise<number> => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsappSessionEvents)
    .where(
      and(
        eq(whatsappSessionEvents.companyId, companyId),
        eq(whatsappSessionEvents.whatsappId, whatsappId),
        eq(whatsappSessionEvents.code, code),
        gte(whatsappSessionEvents.at, since),
      ),
    );
  return row?.n ?? 0;
};

/** When the connection last became CONNECTED (undefined: it never was). */
export const lastConnectedAt = async (tx: Tx, companyId: number, whatsappId: number): Promise<Date | undefined> => {
  const [row] = await tx
    .select({ at: whatsappSessionEvents.at })
    .from(whatsappSessionEvents)
    .where(and(eq(whatsappSessionEvents.companyId, companyId), eq(whatsappSessionEvents.whatsappId, whatsappId), eq(whatsappSessionEvents.status, 'CONNECTED')))
    .orderBy(desc(whatsappSessionEvents.at), desc(whatsappSessionEvents.id))
    .limit(1);
  return row?.at;
};
