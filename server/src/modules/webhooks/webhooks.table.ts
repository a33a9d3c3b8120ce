import { bigserial, boolean, foreignKey, index, integer, jsonb, pgTable, serial, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from '../../db/columns';
import { companies } from '../companies/companies.table';

/**
 * Signed outbound webhooks (issue 15 §5): a company subscribes a URL to events. The secret signs
 * every delivery (HMAC-SHA256 of the raw body); it is sealed at rest and shown once at creation.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull().default(''),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    secretSealed: text('secret_sealed').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('webhooks_company_id_id').on(t.companyId, t.id), index('webhooks_company').on(t.companyId)],
);

/**
 * The delivery log: one row per (webhook, event), its attempts and the receiver's last answer.
 * `event_id` is the delivery's stable id (the X-Balcao-Delivery header), the same on every retry
 * and replay so a receiver can drop duplicates.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    webhookId: integer('webhook_id').notNull(),
    eventId: uuid('event_id').notNull(),
    event: varchar('event', { length: 60 }).notNull(),
    payload: jsonb('payload').notNull(),
    /** pending | delivered | failed */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('webhook_deliveries_webhook_event').on(t.webhookId, t.eventId),
    index('webhook_deliveries_webhook_id').on(t.webhookId, t.id.desc()),
    foreignKey({ name: 'webhook_deliveries_webhook_fk', columns: [t.companyId, t.webhookId], foreignColumns: [webhooks.companyId, webhooks.id] }).onDelete('cascade'),
  ],
);
