/**
 * The Cloud API cost ledger (issue 29 §7; decision 0410). Every status Meta sends with `pricing`
 * is one row per message id and category (`whatsapp_cloud_costs`): the webhook records them as it
 * takes the delivery, so Meta's redeliveries (and the sent/delivered/read statuses of one message,
 * which repeat the same pricing) never count twice. `GET /whatsapp/:id/costs` counts a UTC month
 * per category and prices it from the server's table (WHATSAPP_CLOUD_PRICES), an estimate: Meta's
 * invoice is the truth.
 */
import { can, type CloudCostsResponse } from '@balcao/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import type { Ctx, DataAccess } from '../../../db/tenant';
import type { Clock } from '../../../infra/clock';
import { AppError } from '../../../infra/errors';
import * as repo from '../whatsapp.repository';
import { whatsappCloudCosts } from '../whatsapp-session.table';
import type { CloudChangeValue } from './map-inbound';

export interface PricedStatus {
  wamid: string;
  category: string;
  month: string;
  billable: boolean;
  pricingModel: string;
}

/** `2026-11` of a Date, in UTC (Meta bills by UTC month). */
export const utcMonth = (d: Date): string => d.toISOString().slice(0, 7);

/** The priced statuses of a change: a status with a message id and `pricing.category` (else `conversation.origin.type`). */
export const pricedStatuses = (value: CloudChangeValue, now: Date): PricedStatus[] => {
  const out: PricedStatus[] = [];
  for (const s of Array.isArray(value?.statuses) ? value.statuses : []) {
    const category = s?.pricing?.category ?? s?.conversation?.origin?.type;
    if (typeof s?.id !== 'string' || !s.id || typeof category !== 'string' || !/^[a-z_]{1,40}$/.test(category)) continue;
    const seconds = Number(s.timestamp);
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : now;
    out.push({ wamid: s.id.slice(0, 512), category, month: utcMonth(at), billable: s.pricing?.billable !== false, pricingModel: String(s.pricing?.pricing_model ?? '').slice(0, 20) });
  }
  return out;
};

/** Records them once per (message id, category): a repeat is ignored. */
export const recordCloudCosts = async (tx: Tx, companyId: number, whatsappId: number, rows: PricedStatus[]): Promise<void> => {
  if (rows.length === 0) return;
  await tx
    .insert(whatsappCloudCosts)
    .values(rows.map((r) => ({ companyId, whatsappId, ...r })))
    .onConflictDoNothing({ target: [whatsappCloudCosts.companyId, whatsappCloudCosts.wamid, whatsappCloudCosts.category] });
};

const monthCounts = (tx: Tx, companyId: number, whatsappId: number, month: string) =>
  tx
    .select({ category: whatsappCloudCosts.category, count: count(), billable: sql<number>`count(*) filter (where ${whatsappCloudCosts.billable})`.mapWith(Number) })
    .from(whatsappCloudCosts)
    .where(and(eq(whatsappCloudCosts.companyId, companyId), eq(whatsappCloudCosts.month, month), eq(whatsappCloudCosts.whatsappId, whatsappId)))
    .groupBy(whatsappCloudCosts.category)
    .orderBy(whatsappCloudCosts.category);

const round = (n: number) => Math.round(n * 10_000) / 10_000;

export const createCloudCosts = (deps: { data: DataAccess; clock: Clock; prices: Record<string, number>; currency: string }) => ({
  /** GET /whatsapp/:id/costs: admins (connections:manage); 404 for another company's connection, 400 for a non-Cloud one. */
  async month(ctx: Ctx, id: number, month?: string): Promise<CloudCostsResponse> {
    if (!can(ctx, 'connections:manage')) throw new AppError('ERR_NO_PERMISSION');
    const m = month ?? utcMonth(deps.clock.now());
    const rows = await deps.data.withTenant(ctx, async ({ tx }) => {
      const row = await repo.get(tx, ctx.companyId, id);
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
      if (row.provider !== 'cloud') throw new AppError('ERR_VALIDATION', 'not a Cloud API connection');
      return monthCounts(tx, ctx.companyId, id, m);
    });
    const categories = rows.map((r) => {
      const unitPrice = deps.prices[r.category] ?? 0;
      return { category: r.category, count: r.count, billable: r.billable, unitPrice, estimatedCost: round(unitPrice * r.billable) };
    });
    const total = categories.reduce((t, c) => ({ count: t.count + c.count, billable: t.billable + c.billable, estimatedCost: round(t.estimatedCost + c.estimatedCost) }), { count: 0, billable: 0, estimatedCost: 0 });
    return { month: m, currency: deps.currency, categories, total };
  },
});

export type CloudCosts = ReturnType<typeof createCloudCosts>;
