import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, foreignKey, index, integer, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    /** Two-way translation (decision 0440): customers' messages translated into `agentLanguage`, the agents' into the customer's. */
    translate: boolean('translate').notNull().default(false),
    agentLanguage: varchar('agent_language', { length: 10 }).notNull().default('pt'),
    /** Voice notes transcribed (decision 0441) with this model ('' = whisper-1). */
    transcribe: boolean('transcribe').notNull().default(false),
    transcriptionModel: varchar('transcription_model', { length: 100 }).notNull().default(''),
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

/** PostgreSQL's tsvector: only ever written by PostgreSQL itself (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A ticket's customer language, detected once (decision 0440), and whether the ticket is
 * translated (an agent may turn it off for one ticket). No row: not detected yet.
 */
export const copilotTicketLanguages = tenantTable(
  'copilot_ticket_languages',
  {
    ticketId: integer('ticket_id').notNull(),
    /** ISO 639-1 ('es'); '' while unknown. */
    language: varchar('language', { length: 10 }).notNull().default(''),
    translate: boolean('translate').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('copilot_ticket_languages_ticket').on(t.companyId, t.ticketId),
    foreignKey({ name: 'copilot_ticket_languages_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('cascade'),
  ],
);

/**
 * Texts the copilot keeps beside a message (decisions 0440–0441), computed once by a job and
 * never on a render: `translation` (a customer's message in the agents' language), `original`
 * (what the agent wrote before it was translated for the customer), `transcript` (a voice note's
 * words, searchable as message text is: `search`, GIN with the company).
 */
export const copilotMessageTexts = tenantTable(
  'copilot_message_texts',
  {
    messageId: integer('message_id').notNull(),
    ticketId: integer('ticket_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    language: varchar('language', { length: 10 }).notNull().default(''),
    text: text('text').notNull(),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, public.balcao_fold(text))`),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('copilot_message_texts_message_kind').on(t.companyId, t.messageId, t.kind),
    index('copilot_message_texts_ticket').on(t.companyId, t.ticketId),
    index('copilot_message_texts_search').using('gin', t.companyId, t.search),
    // The ticket's (messages have no (company, id) key to point at): the texts go with the ticket.
    foreignKey({ name: 'copilot_message_texts_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('cascade'),
  ],
);
