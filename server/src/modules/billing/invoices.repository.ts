/**
 * Invoices and payment events (tables in billing.table.ts; migration 0016). Reads compute the
 * display status in the company's zone: paid → 'paid'; open and due before today → 'overdue';
 * else 'open'. Every query filters by company explicitly, RLS is the backstop.
 */
import { sql, type SQL } from 'drizzle-orm';
import { NO_DUE_DATE, type InvoiceDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { likeOf } from '../../db/paging';

export const INVOICE_PAGE_SIZE = 20;
/** Invoices appear this many days before their due date (decision 0281). */
export const INVOICE_LEAD_DAYS = 30;
/** Companies per statement of the daily job (set-based, keyset by company id). */
export const INVOICE_JOB_BATCH = 500;

type InvoiceRow = {
  id: number;
  companyId: number;
  companyName: string;
  detail: string;
  value: string;
  dueDate: string;
  status: 'open' | 'paid';
  displayStatus: InvoiceDto['displayStatus'];
  paidAt: Date | string | null;
  chargeId: string | null;
  provider: string | null;
  pixCode: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

export type InvoiceRecord = InvoiceRow;

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export const toDto = (r: InvoiceRow): InvoiceDto => ({
  id: r.id,
  companyId: r.companyId,
  companyName: r.companyName,
  detail: r.detail,
  value: Number(r.value),
  dueDate: r.dueDate,
  status: r.status,
  displayStatus: r.displayStatus,
  paidAt: r.paidAt ? iso(r.paidAt) : null,
  chargeId: r.status === 'open' ? r.chargeId : null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const columns = sql`
  i.id, i.company_id as "companyId", c.name as "companyName", i.detail, i.value::text as value,
  i.due_date::text as "dueDate", i.status,
  case when i.status = 'paid' then 'paid'
       when i.due_date < (now() at time zone c.timezone)::date then 'overdue'
       else 'open' end as "displayStatus",
  i.paid_at as "paidAt", i.charge_id as "chargeId", i.provider, i.pix_code as "pixCode",
  i.created_at as "createdAt", i.updated_at as "updatedAt"`;

/** One page, newest due date first. `companyId` undefined: every company (the super user). */
export const page = async (tx: Tx, companyId: number | undefined, searchParam: string, pageNumber: number): Promise<{ rows: InvoiceRow[]; count: number }> => {
  const where: SQL[] = [];
  if (companyId !== undefined) where.push(sql`i.company_id = ${companyId}`);
  if (searchParam) {
    const like = likeOf(searchParam);
    where.push(companyId !== undefined ? sql`i.detail ilike ${like}` : sql`(i.detail ilike ${like} or c.name ilike ${like})`);
  }
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const rows = await tx.execute<InvoiceRow>(sql`
    select ${columns} from invoices i join companies c on c.id = i.company_id ${cond}
    order by i.due_date desc, i.id desc
    limit ${INVOICE_PAGE_SIZE} offset ${(pageNumber - 1) * INVOICE_PAGE_SIZE}`);
  const [counted] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from invoices i join companies c on c.id = i.company_id ${cond}`);
  return { rows: [...rows], count: counted?.n ?? 0 };
};

/** One invoice; `companyId` undefined: any company's (the super user, the webhook). */
export const get = async (tx: Tx, companyId: number | undefined, id: number, lock = false): Promise<InvoiceRow | undefined> => {
  const byCompany = companyId !== undefined ? sql`and i.company_id = ${companyId}` : sql``;
  const rows = await tx.execute<InvoiceRow>(sql`
    select ${columns} from invoices i join companies c on c.id = i.company_id
    where i.id = ${id} ${byCompany} ${lock ? sql`for update of i` : sql``}`);
  return rows[0];
};

/** The invoice holding a provider's charge (the webhook's and the sandbox's lookup). */
export const byCharge = async (tx: Tx, provider: string, chargeId: string): Promise<InvoiceRow | undefined> =>
  (await tx.execute<InvoiceRow>(sql`
    select ${columns} from invoices i join companies c on c.id = i.company_id
    where i.charge_id = ${chargeId} and i.provider = ${provider}`))[0];

/** The company's oldest unpaid invoice (what /subscription's 'Assine Agora!' pays). */
export const oldestOpen = async (tx: Tx, companyId: number): Promise<InvoiceRow | undefined> =>
  (await tx.execute<InvoiceRow>(sql`
    select ${columns} from invoices i join companies c on c.id = i.company_id
    where i.company_id = ${companyId} and i.status = 'open' order by i.due_date, i.id limit 1`))[0];

export const setCharge = async (tx: Tx, companyId: number, id: number, provider: string, chargeId: string, pixCode: string): Promise<void> => {
  await tx.execute(sql`update invoices set provider = ${provider}, charge_id = ${chargeId}, pix_code = ${pixCode}, updated_at = now() where company_id = ${companyId} and id = ${id}`);
};

/**
 * Records a provider event once (unique provider + event id). False: already recorded (a replay,
 * or a concurrent delivery that committed first — the insert waits for it).
 */
export const recordEvent = async (tx: Tx, e: { companyId: number; provider: string; eventId: string; chargeId: string; invoiceId: number | null }): Promise<boolean> => {
  const rows = await tx.execute<{ id: number }>(sql`
    insert into payment_events (company_id, provider, event_id, charge_id, invoice_id)
    values (${e.companyId}, ${e.provider}, ${e.eventId}, ${e.chargeId}, ${e.invoiceId})
    on conflict (provider, event_id) do nothing returning id`);
  return rows.length > 0;
};

/** When a provider-side ledger row (the sandbox's "bank") was written, or null. */
export const eventAt = async (tx: Tx, provider: string, eventId: string): Promise<Date | null> => {
  const [row] = await tx.execute<{ at: Date | string }>(sql`select created_at as at from payment_events where provider = ${provider} and event_id = ${eventId}`);
  return row ? new Date(row.at) : null;
};

export const markPaid = async (tx: Tx, companyId: number, id: number, paidAt: Date): Promise<void> => {
  await tx.execute(sql`update invoices set status = 'paid', paid_at = ${paidAt.toISOString()}, updated_at = now() where company_id = ${companyId} and id = ${id}`);
};

/** SQL interval of a recurrence (MENSAL 1 month … ANUAL 12). */
const monthsOf: Record<string, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };
export const recurrenceMonths = (recurrence: string): number => monthsOf[recurrence] ?? 1;

export type CompanyBilling = {
  id: number;
  name: string;
  email: string;
  phone: string;
  dueDate: string;
  recurrence: string;
  timezone: string;
  trialExpiration: string | null;
  today: string;
  isPlatform: boolean;
};

export const company = async (tx: Tx, companyId: number, lock = false): Promise<CompanyBilling | undefined> =>
  (await tx.execute<CompanyBilling>(sql`
    select id, name, email, phone, due_date::text as "dueDate", recurrence, timezone,
           trial_expiration::text as "trialExpiration", (now() at time zone timezone)::date::text as today, is_platform as "isPlatform"
    from companies where id = ${companyId} ${lock ? sql`for no key update` : sql``}`))[0];

/**
 * The invoice rule (decision 0281), for the companies `scope` picks: the invoice of the period of
 * the company's due date at its plan's value, when that date is within INVOICE_LEAD_DAYS (or past)
 * in the company's zone. Never the platform company, never a company without a due date or on a
 * free plan; ON CONFLICT: never twice per company and period, so the daily job and the on-demand
 * calls (decision 0345) cannot both make one.
 */
const generate = async (tx: Tx, scope: SQL): Promise<{ scanned: number; lastId: number | null; created: number }> => {
  const [row] = await tx.execute<{ scanned: number; lastId: number | null; created: number }>(sql`
    with scope as (
      select c.id, c.due_date, p.value, p.name as plan_name
      from companies c join plans p on p.id = c.plan_id
      where not c.is_platform and ${scope}
    ), due as (
      select s.* from scope s join companies c on c.id = s.id
      where s.due_date <> ${NO_DUE_DATE}::date and s.value > 0
        and s.due_date <= (now() at time zone c.timezone)::date + ${INVOICE_LEAD_DAYS}::int
    ), made as (
      insert into invoices (company_id, detail, value, due_date, period)
      select id, plan_name, value, due_date, due_date::text from due
      on conflict (company_id, period) do nothing returning id
    )
    select (select count(*)::int from scope) as scanned, (select max(id) from scope) as "lastId", (select count(*)::int from made) as created`);
  return { scanned: row?.scanned ?? 0, lastId: row?.lastId ?? null, created: row?.created ?? 0 };
};

/** The daily job's statement: up to `batch` companies after `afterId` (keyset). */
export const generateBatch = async (tx: Tx, afterId: number, batch: number): Promise<{ scanned: number; lastId: number; created: number }> => {
  const r = await generate(tx, sql`c.id in (select id from companies where id > ${afterId} and not is_platform order by id limit ${batch})`);
  return { ...r, lastId: r.lastId ?? afterId };
};

/**
 * The invoice of one company's current period, now rather than at 03:10 (issue 28 §1): at
 * signup, on a due-date change, after a payment moves the date on, and when its admin opens
 * billing. True when one was made.
 */
export const ensureCurrent = async (tx: Tx, companyId: number): Promise<boolean> => (await generate(tx, sql`c.id = ${companyId}`)).created > 0;

/**
 * A manual due-date move (decision 0345): the old period's open invoice moves to the new date (its
 * PIX charge, if any, stays payable); if the new period already has one, an uncharged old one is
 * dropped instead. A paid invoice is history and never moves.
 */
export const moveOpen = async (tx: Tx, companyId: number, from: string, to: string): Promise<void> => {
  await tx.execute(sql`
    update invoices set due_date = ${to}::date, period = ${to}, updated_at = now()
    where company_id = ${companyId} and period = ${from} and status = 'open'
      and not exists (select 1 from invoices where company_id = ${companyId} and period = ${to})`);
  await tx.execute(sql`delete from invoices where company_id = ${companyId} and period = ${from} and status = 'open' and charge_id is null`);
};
