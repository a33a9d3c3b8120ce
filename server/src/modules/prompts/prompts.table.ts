import { boolean, foreignKey, integer, numeric, text, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { queues } from '../queues/queues.table';

/**
 * AI prompts (administration.md §3 "Prompt") plus a base URL and model: any OpenAI-compatible
 * endpoint per company. `api_key` and `voice_key` are AES-256-GCM ciphertext, never returned in
 * full. `redact_pii` masks phones, e-mails, CPF/CNPJ before any text leaves the server.
 */
export const prompts = tenantTable(
  'prompts',
  {
    name: varchar('name', { length: 100 }).notNull(),
    prompt: text('prompt').notNull(),
    apiKey: text('api_key').notNull().default(''),
    baseUrl: text('base_url').notNull().default(''),
    model: varchar('model', { length: 100 }).notNull().default(''),
    voice: varchar('voice', { length: 60 }).notNull().default('texto'),
    voiceKey: text('voice_key').notNull().default(''),
    voiceRegion: varchar('voice_region', { length: 60 }).notNull().default(''),
    maxTokens: integer('max_tokens').notNull().default(100),
    temperature: numeric('temperature', { precision: 3, scale: 2 }).notNull().default('1'),
    maxMessages: integer('max_messages').notNull().default(10),
    queueId: integer('queue_id'),
    redactPii: boolean('redact_pii').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('prompts_company_id_id').on(t.companyId, t.id),
    unique('prompts_company_name').on(t.companyId, t.name),
    // ON DELETE SET NULL (queue_id) in the migration: company_id stays.
    foreignKey({ name: 'prompts_queue_fk', columns: [t.companyId, t.queueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('set null'),
  ],
);
