import { boolean, check, foreignKey, index, integer, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps, ts } from '../../db/columns';
import { tenantTable } from '../companies/companies.table';

export const contacts = tenantTable(
  'contacts',
  {
    name: varchar('name', { length: 100 }).notNull(),
    number: varchar('number', { length: 128 }).notNull(),
    email: varchar('email', { length: 120 }).notNull().default(''),
    profilePicUrl: text('profile_pic_url').notNull().default(''),
    isGroup: boolean('is_group').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Once a person edits the name, WhatsApp push names no longer overwrite it. */
    nameEdited: boolean('name_edited').notNull().default(false),
    profilePicFetchedAt: ts('profile_pic_fetched_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contacts_company_number').on(t.companyId, t.number),
    index('contacts_company_name').on(t.companyId, sql`lower(${t.name})`),
    // Target of the composite (company_id, id) keys: a row can only point at its own company's rows.
    unique('contacts_company_id_id').on(t.companyId, t.id),
  ],
);

export const contactCustomFields = tenantTable(
  'contact_custom_fields',
  {
    contactId: integer('contact_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    value: text('value').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('contact_custom_fields_contact').on(t.contactId),
    foreignKey({ name: 'contact_custom_fields_contact_fk', columns: [t.companyId, t.contactId], foreignColumns: [contacts.companyId, contacts.id] }).onDelete('cascade'),
  ],
);

/**
 * The identifiers other than the phone number a customer reaches the company by (issue 29 §5;
 * decision 0420): a Baileys LID, a Cloud API business-scoped user id, a username. The phone is the
 * contact's own `number` (unique per company already), so it is never repeated here.
 */
export const contactIdentities = tenantTable(
  'contact_identities',
  {
    contactId: integer('contact_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    value: varchar('value', { length: 140 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contact_identities_company_kind_value').on(t.companyId, t.kind, t.value),
    index('contact_identities_contact').on(t.companyId, t.contactId),
    check('contact_identities_kind', sql`${t.kind} in ('lid', 'cloud_user_id', 'username')`),
    foreignKey({ name: 'contact_identities_contact_fk', columns: [t.companyId, t.contactId], foreignColumns: [contacts.companyId, contacts.id] }).onDelete('cascade'),
  ],
);
