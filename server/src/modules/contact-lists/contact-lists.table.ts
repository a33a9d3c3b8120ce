import { boolean, foreignKey, index, integer, unique, varchar } from 'drizzle-orm/pg-core';
import { timestamps, ts } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';

/** Campaign audiences (administration.md "Contact list"): plain rows, not the company's contacts. */
export const contactLists = tenantTable(
  'contact_lists',
  {
    name: varchar('name', { length: 50 }).notNull(),
    ...timestamps(),
  },
  (t) => [unique('contact_lists_company_id_id').on(t.companyId, t.id), index('contact_lists_company').on(t.companyId)],
);

/** One person of a list. `is_whatsapp_valid` null = not checked yet (a job checks it through a connection). */
export const contactListItems = tenantTable(
  'contact_list_items',
  {
    contactListId: integer('contact_list_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    number: varchar('number', { length: 128 }).notNull(),
    email: varchar('email', { length: 255 }).notNull().default(''),
    isWhatsappValid: boolean('is_whatsapp_valid'),
    checkedAt: ts('checked_at'),
    ...timestamps(),
  },
  (t) => [
    unique('contact_list_items_company_id_id').on(t.companyId, t.id),
    // One row per number in a list: re-importing a sheet updates instead of duplicating.
    unique('contact_list_items_list_number').on(t.contactListId, t.number),
    index('contact_list_items_list_name').on(t.contactListId, t.name),
    foreignKey({ name: 'contact_list_items_list_fk', columns: [t.companyId, t.contactListId], foreignColumns: [contactLists.companyId, contactLists.id] }).onDelete('cascade'),
  ],
);
