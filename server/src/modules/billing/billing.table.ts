import { bigserial, date, index, integer, numeric, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamps, ts } from '../../db/columns';
import { companies, tenantTable } from '../companies/companies.table';

/**
 * A company's invoices (issue 14 §7): one per company and billing period, at the plan's value,
 * made by a daily job (the unique key makes a second run a no-op). status: open | paid.
 */
export const invoices = tenantTable(
  'invoices',
  {
    detail: varchar('detail', { length: 200 }).notNull().default(''),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The billing period the invoice covers: its due date's 'YYYY-MM-DD' (one invoice per period). */
    period: varchar('period', { length: 10 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('open'),
    provider: varchar('provider', { length: 20 }),
    chargeId: varchar('charge_id', { length: 120 }),
    pixCode: text('pix_code'),
    paidAt: ts('paid_at'),
    ...timestamps(),
  },
  (t) => [unique('invoices_company_period').on(t.companyId, t.period), index('invoices_charge').on(t.chargeId)],
);

/** Provider webhook deliveries already applied: a replayed event changes nothing (unique per provider and event). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    eventId: varchar('event_id', { length: 200 }).notNull(),
    chargeId: varchar('charge_id', { length: 120 }).notNull(),
    invoiceId: integer('invoice_id'),
    receivedAt: createdAt(),
  },
  (t) => [unique('payment_events_provider_event').on(t.provider, t.eventId)],
);
