import { bigserial, foreignKey, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { companies } from '../companies/companies.table';
import { tickets } from './tickets.table';

/**
 * A ticket's automation timeline (issue 12 §6): every bot decision — menu shown, option chosen,
 * integration called (status, duration), AI call (tokens), timer fired — so "why did the bot say
 * that?" is answered without logs. Append-only; admins read it. The tickets module writes it (its
 * transitions' own rows, and `ticketsQueries.recordEvents` for bot, timers, schedules, number health).
 */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').notNull(),
    /** menu | option | invalid | out-of-hours | handoff | integration | ai | timer | rating | … */
    kind: varchar('kind', { length: 40 }).notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_events_ticket').on(t.ticketId, t.id),
    foreignKey({ name: 'ticket_events_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('cascade'),
  ],
);
