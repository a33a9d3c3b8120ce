import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { NO_DUE_DATE } from '@balcao/shared';
import { timestamps } from '../../db/columns';

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  users: integer('users').notNull().default(10),
  connections: integer('connections').notNull().default(10),
  queues: integer('queues').notNull().default(10),
  value: numeric('value', { precision: 12, scale: 2 }).notNull().default('0'),
  useCampaigns: boolean('use_campaigns').notNull().default(true),
  useSchedules: boolean('use_schedules').notNull().default(true),
  useInternalChat: boolean('use_internal_chat').notNull().default(true),
  useExternalApi: boolean('use_external_api').notNull().default(true),
  useKanban: boolean('use_kanban').notNull().default(true),
  useOpenAi: boolean('use_open_ai').notNull().default(true),
  useIntegrations: boolean('use_integrations').notNull().default(true),
  /** The agent's copilot (issue 32): suggested replies, summaries, the knowledge base. */
  useCopilot: boolean('use_copilot').notNull().default(true),
  /** The copilot's tokens a company of the plan may spend in a UTC month (decision 0442); 0 = no cap. */
  copilotTokenCap: integer('copilot_token_cap').notNull().default(0),
  useInternal: boolean('use_internal').notNull().default(true),
  /** Cloud API template sends a company of this plan may make per UTC month (issue 29 §7; decision 0414); null: no cap. */
  templateSendsPerMonth: integer('template_sends_per_month'),
  /** Offered on the public signup page (issue 14 §2): a signup may only choose such a plan. */
  signup: boolean('signup').notNull().default(true),
  ...timestamps(),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 120 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    planId: integer('plan_id').notNull().references(() => plans.id),
    status: boolean('status').notNull().default(true),
    // Always set (decision 0036): NO_DUE_DATE for a company that never expires.
    dueDate: date('due_date', { mode: 'string' }).notNull().default(NO_DUE_DATE),
    recurrence: varchar('recurrence', { length: 20 }).notNull().default('MENSAL'),
    /** Set by signup (today + the platform's trial days); null for companies the super user made. */
    trialExpiration: date('trial_expiration', { mode: 'string' }),
    /** Billing data the checkout collects (administration.md "Company"). */
    billingName: varchar('billing_name', { length: 120 }).notNull().default(''),
    addressZipCode: varchar('address_zip_code', { length: 20 }).notNull().default(''),
    addressStreet: varchar('address_street', { length: 200 }).notNull().default(''),
    addressState: varchar('address_state', { length: 60 }).notNull().default(''),
    addressCity: varchar('address_city', { length: 100 }).notNull().default(''),
    addressDistrict: varchar('address_district', { length: 100 }).notNull().default(''),
    timezone: varchar('timezone', { length: 64 }).notNull().default('America/Sao_Paulo'),
    /** The company that runs the SaaS itself (the super user's). */
    isPlatform: boolean('is_platform').notNull().default(false),
    /** Working hours when the setting `scheduleType` is `company`: [{ weekday, weekdayEn, startTime, endTime }]. */
    schedules: jsonb('schedules').$type<{ weekday: string; weekdayEn: string; startTime: string; endTime: string }[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex('companies_name_key').on(t.name)],
);

/** `company_id`: row-level security keys on it (drizzle/policies/10-rls.sql); the row goes with its company. */
const companyRef = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** The two columns every company's record starts with (see `tenantTable`). */
const tenantKeys = () => ({ id: serial('id').primaryKey(), companyId: companyRef() });
type TenantKeys = ReturnType<typeof tenantKeys>;

/**
 * A table of one company's records (decision 0365): `id` (serial primary key) and `company_id`,
 * which row-level security keys on (drizzle/policies/10-rls.sql) and which goes with its company
 * (ON DELETE CASCADE), then the table's own columns and constraints.
 */
export const tenantTable = <N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  extra?: (t: BuildExtraConfigColumns<N, TenantKeys & C, 'pg'>) => PgTableExtraConfigValue[],
) => pgTable<N, TenantKeys & C>(name, { ...tenantKeys(), ...columns }, extra);

/** A company's record another table's composite key can point at: `(company_id, id)`. */
interface TenantRecords {
  companyId: AnyPgColumn;
  id: AnyPgColumn;
}

/** `ticketId` → `ticket` (the names of the link's index and keys). */
const entityOf = (key: string) => key.replace(/Id$/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const linkColumn = (key: string) => integer(`${entityOf(key)}_id`).notNull();
type LinkColumns<A extends string, B extends string> = { companyId: ReturnType<typeof companyRef> } & Record<A | B, ReturnType<typeof linkColumn>>;

/**
 * A company's many-to-many link between two of its records (decision 0365): `company_id`, the two
 * ids as the primary key, an index on the second for the reverse lookup (`<name>_<b>`), and each id
 * a same-company foreign key (`<name>_<a>_fk`) that goes with its record.
 */
export const linkTable = <N extends string, A extends string, B extends string>(name: N, [a, aRecords]: [A, TenantRecords], [b, bRecords]: [B, TenantRecords]) => {
  const columns = { companyId: companyRef(), [a]: linkColumn(a), [b]: linkColumn(b) } as LinkColumns<A, B>;
  return pgTable<N, LinkColumns<A, B>>(name, columns, (t) => [
    primaryKey({ columns: [t[a], t[b]] }),
    index(`${name}_${entityOf(b)}`).on(t[b]),
    foreignKey({ name: `${name}_${entityOf(a)}_fk`, columns: [t.companyId, t[a]], foreignColumns: [aRecords.companyId, aRecords.id] }).onDelete('cascade'),
    foreignKey({ name: `${name}_${entityOf(b)}_fk`, columns: [t.companyId, t[b]], foreignColumns: [bRecords.companyId, bRecords.id] }).onDelete('cascade'),
  ]);
};

export const settings = tenantTable(
  'settings',
  {
    key: varchar('key', { length: 100 }).notNull(),
    value: text('value').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('settings_company_key').on(t.companyId, t.key)],
);

/**
 * The platform's logos (decision 0460): which stored file (the media store, under the platform
 * company's id) is each destination's current logo. One row per destination; every process reads
 * it, so a new logo is everyone's at once. `version` is the ETag and the UI's `?v=`.
 */
export const platformLogos = tenantTable(
  'platform_logos',
  {
    destination: varchar('destination', { length: 16 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    /** The media store's name of the file (`<companyId>/<name>`), never a path. */
    name: varchar('name', { length: 200 }).notNull(),
    size: integer('size').notNull(),
    version: varchar('version', { length: 40 }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('platform_logos_destination').on(t.destination)],
);
