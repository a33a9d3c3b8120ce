import { integer, text, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';

/**
 * External flows a queue or connection hands the conversation to (administration.md §3 "Queue
 * integration"): typebot, n8n, webhook, dialogflow. `json_content` (Dialogflow's service-account
 * JSON) and `secret` (the webhook's HMAC key) are AES-256-GCM ciphertext, never returned in full.
 */
export const queueIntegrations = tenantTable(
  'queue_integrations',
  {
    name: varchar('name', { length: 100 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    projectName: varchar('project_name', { length: 200 }).notNull().default(''),
    jsonContent: text('json_content').notNull().default(''),
    language: varchar('language', { length: 10 }).notNull().default('pt-BR'),
    urlN8N: text('url_n8n').notNull().default(''),
    secret: text('secret').notNull().default(''),
    typebotSlug: varchar('typebot_slug', { length: 200 }).notNull().default(''),
    typebotExpires: integer('typebot_expires').notNull().default(1),
    typebotDelayMessage: integer('typebot_delay_message').notNull().default(1000),
    typebotKeywordFinish: varchar('typebot_keyword_finish', { length: 100 }).notNull().default(''),
    typebotKeywordRestart: varchar('typebot_keyword_restart', { length: 100 }).notNull().default(''),
    typebotRestartMessage: text('typebot_restart_message').notNull().default(''),
    typebotUnknownMessage: text('typebot_unknown_message').notNull().default(''),
    ...timestamps(),
  },
  (t) => [unique('queue_integrations_company_id_id').on(t.companyId, t.id), unique('queue_integrations_company_name').on(t.companyId, t.name)],
);
