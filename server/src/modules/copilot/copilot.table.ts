import { bigint, boolean, foreignKey, index, integer, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { tickets } from '../tickets/tickets.table';
import { users } from '../users/users.table';

/**
 * One row per company: the OpenAI-compatible endpoint its copilot calls (issue 32 §7). `api_key` is
 * AES-256-GCM ciphertext (as the prompts' keys), never returned in full. `monthly_token_cap` 0 = no cap.
 */
export const copilotSettings = tenantTable(
  'copilot_settings',
  {
    enabled: boolean('enabled').notNull().default(false),
    baseUrl: text('base_url').notNull().default(''),
    model: varchar('model', { length: 100 }).notNull().default(''),
    apiKey: text('api_key').notNull().default(''),
    monthlyTokenCap: integer('monthly_token_cap').notNull().default(0),
    /** Summaries made on transfer and on close (a job after the transition commits). */
    autoSummary: boolean('auto_summary').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('copilot_settings_company').on(t.companyId)],
);

/** What the copilot cost: tokens and calls per company, feature and month ('2026-11', the company's time zone is not needed: UTC months). */
export const copilotUsage = tenantTable(
  'copilot_usage',
  {
    month: varchar('month', { length: 7 }).notNull(),
    feature: varchar('feature', { length: 30 }).notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    calls: integer('calls').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('copilot_usage_company_month_feature').on(t.companyId, t.month, t.feature)],
);

/** Short summaries of a ticket's conversation (on demand, on transfer, on close), newest shown first. */
export const copilotSummaries = tenantTable(
  'copilot_summaries',
  {
    ticketId: integer('ticket_id').notNull(),
    /** Who asked; null for an automatic one or once the user is deleted. */
    userId: integer('user_id'),
    reason: varchar('reason', { length: 20 }).notNull(),
    summary: text('summary').notNull(),
    model: varchar('model', { length: 100 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('copilot_summaries_ticket').on(t.companyId, t.ticketId),
    foreignKey({ name: 'copilot_summaries_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('cascade'),
    foreignKey({ name: 'copilot_summaries_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
  ],
);
