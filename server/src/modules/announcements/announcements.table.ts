import { boolean, integer, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';

/**
 * Announcements (administration.md /announcements): the super user's notices to every company,
 * kept under the platform company and read by all through a system reason. Priority 1 high,
 * 2 medium, 3 low.
 */
export const announcements = tenantTable('announcements', {
  title: varchar('title', { length: 200 }).notNull(),
  text: text('text').notNull(),
  priority: integer('priority').notNull().default(3),
  status: boolean('status').notNull().default(true),
  mediaPath: text('media_path').notNull().default(''),
  mediaName: text('media_name').notNull().default(''),
  ...timestamps(),
});
