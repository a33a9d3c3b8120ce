import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ts, updatedAt } from '../../db/columns';
import { companies, tenantTable } from '../companies/companies.table';
import { whatsapps } from './whatsapp.table';

/**
 * A connection's WhatsApp auth state: the creds (category 'creds', key_id '') and every Signal
 * key Baileys keeps (category = key family). `value` is AES-256-GCM ciphertext, never JSON.
 * Written by baileys/auth-state.ts only; no route or DTO ever reads it.
 */
export const whatsappAuth = pgTable(
  'whatsapp_auth',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull(),
    category: text('category').notNull(),
    keyId: text('key_id').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'whatsapp_auth_key', columns: [t.whatsappId, t.category, t.keyId] }),
    foreignKey({ name: 'whatsapp_auth_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
  ],
);

/** The per-connection session timeline: every status change and why. */
export const whatsappSessionEvents = tenantTable(
  'whatsapp_session_events',
  {
    whatsappId: integer('whatsapp_id').notNull(),
    status: varchar('status', { length: 20 }).notNull(),
    reason: text('reason').notNull().default(''),
    /** The WhatsApp disconnect code behind the change, if any (how 440 storms are counted). */
    code: integer('code'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_session_events_timeline').on(t.companyId, t.whatsappId, t.at, t.id),
    foreignKey({ name: 'whatsapp_session_events_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
  ],
);

/**
 * The phone's address book as the WhatsApp session reports it (Baileys `contacts.upsert` /
 * history sync, the sandbox's seeded book): what `POST /contacts/import` turns into contacts.
 */
export const whatsappPhoneContacts = pgTable(
  'whatsapp_phone_contacts',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull(),
    jid: text('jid').notNull(),
    name: text('name').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'whatsapp_phone_contacts_key', columns: [t.whatsappId, t.jid] }),
    foreignKey({ name: 'whatsapp_phone_contacts_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
  ],
);

/**
 * The Cloud API cost ledger (issue 29 §7; decision 0410): one row per message id and pricing
 * category Meta reported in a status's `pricing`, so a redelivered status never counts twice.
 * `month` is the status's UTC month ('2026-11'), as Meta bills. Counted per month on read.
 */
export const whatsappCloudCosts = tenantTable(
  'whatsapp_cloud_costs',
  {
    whatsappId: integer('whatsapp_id').notNull(),
    wamid: text('wamid').notNull(),
    category: varchar('category', { length: 40 }).notNull(),
    month: varchar('month', { length: 7 }).notNull(),
    billable: boolean('billable').notNull().default(true),
    pricingModel: varchar('pricing_model', { length: 20 }).notNull().default(''),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_cloud_costs_message').on(t.companyId, t.wamid, t.category),
    index('whatsapp_cloud_costs_month').on(t.companyId, t.month, t.whatsappId),
    foreignKey({ name: 'whatsapp_cloud_costs_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
  ],
);

/**
 * Cloud API template sends per company and UTC month (issue 29 §7; decision 0414): counted when a
 * template is stored to be sent, so the plan's monthly cap is checked and taken in one statement.
 */
export const whatsappTemplateSends = pgTable(
  'whatsapp_template_sends',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    month: varchar('month', { length: 7 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);
