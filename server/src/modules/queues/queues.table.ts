import { foreignKey, index, integer, jsonb, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';

export interface QueueScheduleRow {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

export const queues = tenantTable(
  'queues',
  {
    name: varchar('name', { length: 50 }).notNull(),
    color: varchar('color', { length: 9 }).notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    orderQueue: integer('order_queue'),
    /** Working hours when the company's `scheduleType` is `queue`: [{ weekday, weekdayEn, startTime, endTime }]. */
    schedules: jsonb('schedules').$type<QueueScheduleRow[]>().notNull().default([]),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    // Issue 12's integrations and prompts point here; their tables come with them.
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    /** How waiting tickets find an agent (issue 30 §2): none (agents take them), round_robin or balanced. */
    assignment: varchar('assignment', { length: 12 }).notNull().default('none'),
    /** Open tickets an agent of the queue holds at most under assignment (null: no limit; a user's maxTickets wins). */
    agentCapacity: integer('agent_capacity'),
    /** An assigned ticket no agent answered within this many minutes goes to the next agent (null: never). */
    reassignAfterMinutes: integer('reassign_after_minutes'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('queues_company_name').on(t.companyId, t.name),
    uniqueIndex('queues_company_color').on(t.companyId, t.color),
    // Target of the composite (company_id, id) keys: a row can only point at its own company's rows.
    unique('queues_company_id_id').on(t.companyId, t.id),
  ],
);

/** A queue's chatbot menu: a tree of options (parent_id null = a root option of the queue). */
export const queueOptions = tenantTable(
  'queue_options',
  {
    queueId: integer('queue_id').notNull(),
    parentId: integer('parent_id'),
    title: varchar('title', { length: 100 }).notNull(),
    option: varchar('option', { length: 20 }).notNull().default(''),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    ...timestamps(),
  },
  (t) => [
    index('queue_options_queue_parent').on(t.queueId, t.parentId),
    unique('queue_options_company_id_id').on(t.companyId, t.id),
    foreignKey({ name: 'queue_options_queue_fk', columns: [t.companyId, t.queueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('cascade'),
    // Deleting an option deletes its whole subtree.
    foreignKey({ name: 'queue_options_parent_fk', columns: [t.companyId, t.parentId], foreignColumns: [t.companyId, t.id] }).onDelete('cascade'),
  ],
);
