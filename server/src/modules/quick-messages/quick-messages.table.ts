import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { users } from '../users/users.table';

/** Quick replies (administration.md §3): general ones for the whole company, or one user's own. */
export const quickMessages = tenantTable(
  'quick_messages',
  {
    /** Who created it (its owner when not general); null once that user is deleted. */
    userId: integer('user_id'),
    shortcode: varchar('shortcode', { length: 100 }).notNull(),
    message: text('message').notNull().default(''),
    geral: boolean('geral').notNull().default(false),
    status: boolean('status').notNull().default(true),
    /** The media store's name of the attached file (never a path). */
    mediaPath: text('media_path'),
    /** The file's name as the user uploaded it. */
    mediaName: text('media_name'),
    ...timestamps(),
  },
  (t) => [
    index('quick_messages_company_shortcode').on(t.companyId, t.shortcode),
    // One shortcode per company, whatever its case: "/Oi" and "/oi" are the same reply (decision 0060).
    uniqueIndex('quick_messages_company_shortcode_ci').on(t.companyId, sql`lower(${t.shortcode})`),
    // Target of composite (company_id, id) keys, as every tenant table (migration 0005).
    unique('quick_messages_company_id_id').on(t.companyId, t.id),
    foreignKey({ name: 'quick_messages_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
  ],
);
