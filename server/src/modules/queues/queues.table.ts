import { integer, pgTable, serial, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { companies } from '../companies/companies.table';

export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    color: varchar('color', { length: 9 }).notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    orderQueue: integer('order_queue'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('queues_company_name').on(t.companyId, t.name),
    uniqueIndex('queues_company_color').on(t.companyId, t.color),
    // Target of the composite (company_id, id) keys: a row can only point at its own company's rows.
    unique('queues_company_id_id').on(t.companyId, t.id),
  ],
);
