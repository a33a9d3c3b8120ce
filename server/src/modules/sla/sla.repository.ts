import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BusinessHoursDto, QueueSlaDto, SlaTargetsDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { businessHours, slaPolicies } from './sla.table';

const targetsOf = (r: SlaTargetsDto | undefined): SlaTargetsDto => ({
  firstResponseMinutes: r?.firstResponseMinutes ?? null,
  nextResponseMinutes: r?.nextResponseMinutes ?? null,
  resolutionMinutes: r?.resolutionMinutes ?? null,
});

/** The company's default targets (all null when never set). */
export const defaultTargets = async (tx: Tx, companyId: number): Promise<SlaTargetsDto> =>
  targetsOf((await tx.select().from(slaPolicies).where(and(eq(slaPolicies.companyId, companyId), isNull(slaPolicies.queueId))))[0]);

/** Each queue's own targets. */
export const queueTargets = async (tx: Tx, companyId: number): Promise<QueueSlaDto[]> =>
  (
    await tx
      .select()
      .from(slaPolicies)
      .where(and(eq(slaPolicies.companyId, companyId), sql`${slaPolicies.queueId} is not null`))
      .orderBy(slaPolicies.queueId)
  ).map((r) => ({ queueId: r.queueId!, ...targetsOf(r) }));

export const hours = async (tx: Tx, companyId: number): Promise<BusinessHoursDto> => {
  const [r] = await tx.select().from(businessHours).where(eq(businessHours.companyId, companyId));
  return { periods: r?.periods ?? [], holidays: r?.holidays ?? [] };
};

export const putDefault = async (tx: Tx, companyId: number, t: SlaTargetsDto): Promise<void> => {
  await tx
    .insert(slaPolicies)
    .values({ companyId, queueId: null, ...t })
    .onConflictDoUpdate({ target: [slaPolicies.companyId], targetWhere: sql`queue_id is null`, set: { ...t, updatedAt: new Date() } });
};

export const putQueue = async (tx: Tx, companyId: number, queueId: number, t: SlaTargetsDto): Promise<void> => {
  await tx
    .insert(slaPolicies)
    .values({ companyId, queueId, ...t })
    .onConflictDoUpdate({ target: [slaPolicies.companyId, slaPolicies.queueId], targetWhere: sql`queue_id is not null`, set: { ...t, updatedAt: new Date() } });
};

export const putHours = async (tx: Tx, companyId: number, h: BusinessHoursDto): Promise<void> => {
  await tx
    .insert(businessHours)
    .values({ companyId, periods: h.periods, holidays: h.holidays })
    .onConflictDoUpdate({ target: [businessHours.companyId], set: { periods: h.periods, holidays: h.holidays, updatedAt: new Date() } });
};
