import { bigserial, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { companies } from '../companies/companies.table';

/**
 * Who changed what in a company's setup, before → after (secrets masked before they get here).
 * Append-only: no route updates or deletes a row. The actor is kept by id and name, without a
 * foreign key, so the trail outlives a deleted user.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 100 }).notNull().default(''),
    /** setting | user | whatsapp | queue | plan | company | … */
    entity: varchar('entity', { length: 30 }).notNull(),
    entityId: varchar('entity_id', { length: 100 }).notNull().default(''),
    /** create | update | delete */
    action: varchar('action', { length: 20 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_logs_company_created').on(t.companyId, t.createdAt.desc(), t.id.desc()), index('audit_logs_company_entity').on(t.companyId, t.entity, t.createdAt.desc())],
);
