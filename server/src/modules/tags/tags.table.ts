import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, primaryKey, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { companies, tenantTable } from '../companies/companies.table';
import { contacts } from '../contacts/contacts.table';
import { tickets } from '../tickets/tickets.table';

/** A company's tags (administration.md §5): one catalogue for tickets, contacts and the kanban. */
export const tags = tenantTable(
  'tags',
  {
    name: varchar('name', { length: 100 }).notNull(),
    color: varchar('color', { length: 9 }).notNull().default('#999999'),
    kanban: integer('kanban').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names are unique per company whatever their case: 'VIP' and 'vip' are one tag.
  (t) => [uniqueIndex('tags_company_name_ci').on(t.companyId, sql`lower(${t.name})`), unique('tags_company_id_id').on(t.companyId, t.id)],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.tagId] }),
    index('ticket_tags_tag').on(t.tagId),
    foreignKey({ name: 'ticket_tags_ticket_fk', columns: [t.companyId, t.ticketId], foreignColumns: [tickets.companyId, tickets.id] }).onDelete('cascade'),
    foreignKey({ name: 'ticket_tags_tag_fk', columns: [t.companyId, t.tagId], foreignColumns: [tags.companyId, tags.id] }).onDelete('cascade'),
  ],
);

/** A contact's own tags (the customer's, not one episode's): shown in the drawer and on list items. */
export const contactTags = pgTable(
  'contact_tags',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.tagId] }),
    index('contact_tags_tag').on(t.tagId),
    foreignKey({ name: 'contact_tags_contact_fk', columns: [t.companyId, t.contactId], foreignColumns: [contacts.companyId, contacts.id] }).onDelete('cascade'),
    foreignKey({ name: 'contact_tags_tag_fk', columns: [t.companyId, t.tagId], foreignColumns: [tags.companyId, tags.id] }).onDelete('cascade'),
  ],
);
