import { foreignKey, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';
import { companies } from '../companies/companies.table';
import { queues } from '../queues/queues.table';
import { users } from '../users/users.table';

/**
 * When assignment last gave each agent a ticket of each queue (issue 30 §2): round robin picks the
 * agent assigned least recently in the queue, balanced breaks its ties with it. A row per
 * (queue, agent) that ever got one; it goes with the queue or the user.
 */
export const assignmentAgents = pgTable(
  'assignment_agents',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id').notNull(),
    userId: integer('user_id').notNull(),
    lastAssignedAt: ts('last_assigned_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'assignment_agents_pk', columns: [t.companyId, t.queueId, t.userId] }),
    index('assignment_agents_user').on(t.companyId, t.userId),
    foreignKey({ name: 'assignment_agents_queue_fk', columns: [t.companyId, t.queueId], foreignColumns: [queues.companyId, queues.id] }).onDelete('cascade'),
    foreignKey({ name: 'assignment_agents_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);
