import { text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';

/**
 * Help videos (administration.md /helps): written by the super user, kept under the platform
 * company, read by every company through a system reason.
 */
export const helps = tenantTable('helps', {
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  /** The video's code (e.g. a YouTube id), embedded by the player. */
  video: varchar('video', { length: 200 }).notNull().default(''),
  ...timestamps(),
});
