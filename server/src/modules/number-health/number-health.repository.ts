import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GateReason } from './number-health.port';
import type { Tx } from '../../db/client';
import { optOuts, sendGateDays } from './number-health.table';

export type OptOutRow = typeof optOuts.$inferSelect;

/** A connection's gate settings and its company's calendar facts at `now` (null: not the company's). */
export interface GateFacts {
  rate: number;
  cap: number;
  jitter: number;
  warmup: number;
  /** The connection's provider: a `cloud` one sends outside the customer's window only templates. */
  provider: string;
  pairedAt: Date | null;
  /** The company's day at `now`, 'YYYY-MM-DD'. */
  day: string;
  /** Midnight after `day`, in the company's zone. */
  nextDay: Date;
  /** Whole company days since the pairing date (null: no date). */
  daysSincePaired: number | null;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const localDay = (now: Date) => sql`(${at(now)} at time zone c.timezone)::date`;

export const gateFacts = async (tx: Tx, companyId: number, whatsappId: number, now: Date): Promise<GateFacts | undefined> => {
  const [r] = await tx.execute<{ rate: number; cap: number; jitter: number; warmup: number; provider: string; pairedAt: string | null; day: string; nextDay: string; daysSincePaired: number | null }>(sql`
    select w.gate_rate_per_minute as rate, w.gate_daily_cap as cap, w.gate_jitter_ms as jitter, w.gate_warmup_days as warmup, w.provider,
      w.paired_at as "pairedAt",
      to_char(${localDay(now)}, 'YYYY-MM-DD') as day,
      ((${localDay(now)} + 1)::timestamp at time zone c.timezone) as "nextDay",
      case when w.paired_at is null then null else ${localDay(now)} - (w.paired_at at time zone c.timezone)::date end as "daysSincePaired"
    from whatsapps w join companies c on c.id = w.company_id
    where w.company_id = ${companyId} and w.id = ${whatsappId}`);
  if (!r) return undefined;
  return { ...r, pairedAt: r.pairedAt ? new Date(r.pairedAt) : null, nextDay: new Date(r.nextDay), daysSincePaired: r.daysSincePaired === null ? null : Number(r.daysSincePaired) };
};

/**
 * Counts one send when the day's ledger allows it, in one statement (decision 0240): below the
 * cap and at least `spacingMs` after the last admitted send. Concurrent callers — in any
 * process — serialise on the row, so the cap and the spacing hold however many ask at once.
 * `sendAt` (now + jitter) is stored as the last send, so spacing is between real sends.
 */
export const claim = async (
  tx: Tx,
  g: { companyId: number; whatsappId: number; day: string; cap: number; spacingMs: number; now: Date; sendAt: Date },
): Promise<boolean> => {
  const rows = await tx.execute(sql`
    insert into send_gate_days as g (company_id, whatsapp_id, day, sent, last_sent_at)
    values (${g.companyId}, ${g.whatsappId}, ${g.day}::date, 1, ${at(g.sendAt)})
    on conflict (whatsapp_id, day) do update set sent = g.sent + 1, last_sent_at = excluded.last_sent_at
    where (${g.cap}::int = 0 or g.sent < ${g.cap}::int)
      and (${g.spacingMs}::int = 0 or g.last_sent_at is null or g.last_sent_at <= ${at(g.now)} - ${g.spacingMs}::int * interval '1 millisecond')
    returning g.sent`);
  return rows.length > 0;
};

/**
 * `claim` for a sender that waits instead of being refused (issue 28 §2): below the cap, the send
 * is counted at the first free slot — `spacingMs` after the last one, reserved or sent, or now —
 * plus its jitter, and that moment becomes the last send, so the next caller (any kind, any
 * process: they serialise on the row) is spaced after it. Null when the cap is reached.
 */
export const reserve = async (
  tx: Tx,
  g: { companyId: number; whatsappId: number; day: string; cap: number; spacingMs: number; now: Date; jitterMs: number },
): Promise<Date | null> => {
  const first = new Date(g.now.getTime() + g.jitterMs);
  const [r] = await tx.execute<{ sendAt: string }>(sql`
    insert into send_gate_days as g (company_id, whatsapp_id, day, sent, last_sent_at)
    values (${g.companyId}, ${g.whatsappId}, ${g.day}::date, 1, ${at(first)})
    on conflict (whatsapp_id, day) do update set sent = g.sent + 1,
      last_sent_at = greatest(${at(g.now)}, coalesce(g.last_sent_at + ${g.spacingMs}::int * interval '1 millisecond', ${at(g.now)})) + ${g.jitterMs}::int * interval '1 millisecond'
    where ${g.cap}::int = 0 or g.sent < ${g.cap}::int
    returning g.last_sent_at as "sendAt"`);
  return r ? new Date(r.sendAt) : null;
};

/**
 * Counts a hold under its reason. For a refused claim the reason is read off the locked row
 * itself (the cap reached, else the spacing), so it is the row's truth, not a stale read.
 */
export const hold = async (
  tx: Tx,
  g: { companyId: number; whatsappId: number; day: string; reason: { fixed: GateReason } | { cap: number; capReason: GateReason } },
): Promise<{ reason: GateReason; lastSentAt: Date | null }> => {
  const reason: SQL =
    'fixed' in g.reason ? sql`${g.reason.fixed}::text` : sql`(case when ${g.reason.cap}::int > 0 and g.sent >= ${g.reason.cap}::int then ${g.reason.capReason}::text else 'rate' end)`;
  const first = 'fixed' in g.reason ? g.reason.fixed : 'rate';
  const [r] = await tx.execute<{ reason: GateReason; lastSentAt: string | null }>(sql`
    insert into send_gate_days as g (company_id, whatsapp_id, day, held)
    values (${g.companyId}, ${g.whatsappId}, ${g.day}::date, jsonb_build_object(${first}::text, 1))
    on conflict (whatsapp_id, day) do update set held = g.held || jsonb_build_object(${reason}, coalesce((g.held ->> ${reason})::int, 0) + 1)
    returning ${reason} as reason, g.last_sent_at as "lastSentAt"`);
  return { reason: r!.reason, lastSentAt: r!.lastSentAt ? new Date(r!.lastSentAt) : null };
};

/** The day's ledger of a connection (undefined: nothing sent or held yet). */
export const dayOf = async (tx: Tx, companyId: number, whatsappId: number, day: string) =>
  (
    await tx
      .select({ sent: sendGateDays.sent, held: sendGateDays.held, lastSentAt: sendGateDays.lastSentAt })
      .from(sendGateDays)
      .where(and(eq(sendGateDays.companyId, companyId), eq(sendGateDays.whatsappId, whatsappId), eq(sendGateDays.day, day)))
      .limit(1)
  )[0];

export const getOptOut = async (tx: Tx, companyId: number, number: string): Promise<OptOutRow | undefined> =>
  (await tx.select().from(optOuts).where(and(eq(optOuts.companyId, companyId), eq(optOuts.number, number))).limit(1))[0];

/** Adds the number to the ledger unless it is there (the first reason stays); the new row, if any. */
export const addOptOut = async (tx: Tx, row: { companyId: number; number: string; source: 'keyword' | 'agent' | 'api'; keyword?: string; userId?: number | null }) =>
  (await tx.insert(optOuts).values(row).onConflictDoNothing().returning())[0];

export const removeOptOut = async (tx: Tx, companyId: number, number: string): Promise<OptOutRow | undefined> =>
  (await tx.delete(optOuts).where(and(eq(optOuts.companyId, companyId), eq(optOuts.number, number))).returning())[0];

