import { foreignKey, index, integer, text, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';
import { users } from '../users/users.table';

/** File lists (administration.md /files, "File list"): a message and options, each a named file; campaigns send them. */
export const fileLists = tenantTable(
  'file_lists',
  {
    name: varchar('name', { length: 100 }).notNull(),
    message: text('message').notNull().default(''),
    userId: integer('user_id'),
    ...timestamps(),
  },
  (t) => [
    unique('file_lists_company_id_id').on(t.companyId, t.id),
    index('file_lists_company').on(t.companyId),
    // ON DELETE SET NULL (user_id) in the migration: company_id stays.
    foreignKey({ name: 'file_lists_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('set null'),
  ],
);

/** One option of a file list: a name and the stored file (path under the company's media dir). */
export const fileOptions = tenantTable(
  'file_options',
  {
    fileListId: integer('file_list_id').notNull(),
    name: text('name').notNull().default(''),
    path: text('path').notNull().default(''),
    /** The original file name as uploaded. */
    fileName: text('file_name').notNull().default(''),
    mediaType: varchar('media_type', { length: 100 }).notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('file_options_list').on(t.fileListId),
    foreignKey({ name: 'file_options_list_fk', columns: [t.companyId, t.fileListId], foreignColumns: [fileLists.companyId, fileLists.id] }).onDelete('cascade'),
  ],
);
