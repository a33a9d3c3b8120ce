import { sql } from 'drizzle-orm';
import { integer, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { linkTable, tenantTable } from '../companies/companies.table';
import { contacts } from '../contacts/contacts.table';
import { tickets } from '../tickets/tickets.table';

/** A company's tags (administration.md §5): one catalogue for tickets, contacts and the kanban. */
export const tags = tenantTable(
  'tags',
  {
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 9 }).notNull().default('#999999'),
    kanban: integer('kanban').notNull().default(0),
    ...timestamps(),
  },
  // Names are unique per company whatever their case: 'VIP' and 'vip' are one tag.
  (t) => [uniqueIndex('tags_company_name_ci').on(t.companyId, sql`lower(${t.name})`), unique('tags_company_id_id').on(t.companyId, t.id)],
);

export const ticketTags = linkTable('ticket_tags', ['ticketId', tickets], ['tagId', tags]);

/** A contact's own tags (the customer's, not one episode's): shown in the drawer and on list items. */
export const contactTags = linkTable('contact_tags', ['contactId', contacts], ['tagId', tags]);
