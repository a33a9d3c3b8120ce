import { date, foreignKey, integer, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns';
import { companies } from '../companies/companies.table';
import { whatsapps } from '../whatsapp/whatsapp.table';

/**
 * The opt-out ledger (issue 13 §6): numbers that asked not to be contacted ("SAIR", "PARAR",
 * "STOP", "CANCELAR") or that an agent opted out. Campaigns and schedules check it at send time.
 */
export const optOuts = pgTable(
  'opt_outs',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 128 }).notNull(),
    /** keyword | agent | api */
    source: varchar('source', { length: 20 }).notNull(),
    keyword: varchar('keyword', { length: 40 }).notNull().default(''),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.number] })],
);

/**
 * The per-connection gate's day ledger: what was sent (not replies) and what was held back, by
 * reason, so the connection and the campaign report can say why. One row per connection and day
 * (the company's timezone).
 */
export const sendGateDays = pgTable(
  'send_gate_days',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    /** { "rate": n, "daily-cap": n, "warm-up": n, "opt-out": n } */
    held: jsonb('held').$type<Record<string, number>>().notNull().default({}),
    lastSentAt: ts('last_sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.whatsappId, t.day] }),
    foreignKey({ name: 'send_gate_days_whatsapp_fk', columns: [t.companyId, t.whatsappId], foreignColumns: [whatsapps.companyId, whatsapps.id] }).onDelete('cascade'),
  ],
);
