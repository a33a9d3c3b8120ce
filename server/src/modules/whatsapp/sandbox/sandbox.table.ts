import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../../db/columns';
import { companies } from '../../companies/companies.table';
import { whatsapps } from '../whatsapp.table';

/** What the simulated customers' phones received from us (the sandbox "network"). */
export const sandboxOutbox = pgTable(
  'sandbox_outbox',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').notNull().references(() => whatsapps.id, { onDelete: 'cascade' }),
    waMessageId: varchar('wa_message_id', { length: 128 }).notNull(),
    to: varchar('to', { length: 30 }).notNull(),
    body: text('body').notNull().default(''),
    ack: integer('ack').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A retried send job delivers the same id again: the phone shows it once.
  (t) => [index('sandbox_outbox_to').on(t.whatsappId, t.to, t.id), uniqueIndex('sandbox_outbox_wa_id').on(t.whatsappId, t.waMessageId)],
);
