import { foreignKey, integer, jsonb, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { queues } from '../queues/queues.table';
import type { BusinessPeriod } from './business-time';

/**
 * SLA targets in minutes of business time (issue 30 §3): one row without a queue (the company's
 * default) and one per queue that has its own; a null target is none (a queue's falls back to the
 * default's). Goes with its queue.
 */
export const slaPolicies = tenantTable(
  'sla_policies',
  {
    queueId: integer('queue_id'),
    firstResponseMinutes: integer('first_response_minutes'),
    nextResponseMinutes: integer('next_response_minutes'),
    resolutionMinutes: integer('resolution_minutes'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sla_policies_queue').on(t.companyId, t.queueId).where(sql`queue_id is not null`),
    uniqueIndex('sla_policies_default').on(t.companyId).where(sql`queue_id is null`),
    foreignKey({ name: 'sla_policies_queue_fk', columns: [t.companyId, t.queueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('cascade'),
  ],
);

/**
 * The company's business hours for SLA clocks: several periods a day and holidays. No periods =
 * the company's working hours (`companies.schedules`, one period a day), else around the clock.
 */
export const businessHours = tenantTable(
  'business_hours',
  {
    periods: jsonb('periods').$type<BusinessPeriod[]>().notNull().default([]),
    holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex('business_hours_company').on(t.companyId)],
);
