import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_COMPANY_SETTINGS, CompanyDto, type CompanyRef, type PlanDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { dtoOf } from '../../lib/dto';
import { companies, plans, settings } from './companies.table';
import { users } from '../users/users.table';
import { whatsapps } from '../whatsapp/whatsapp.table';

export type CompanyRow = typeof companies.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export const toCompanyDto: (r: CompanyRow) => CompanyDto = dtoOf(CompanyDto);

export const toPlanDto = (p: PlanRow): PlanDto => ({
  id: p.id,
  name: p.name,
  users: p.users,
  connections: p.connections,
  queues: p.queues,
  value: Number(p.value),
  useCampaigns: p.useCampaigns,
  useSchedules: p.useSchedules,
  useInternalChat: p.useInternalChat,
  useExternalApi: p.useExternalApi,
  useKanban: p.useKanban,
  useOpenAi: p.useOpenAi,
  useIntegrations: p.useIntegrations,
  useInternal: p.useInternal,
  useCopilot: p.useCopilot,
  templateSendsPerMonth: p.templateSendsPerMonth,
  copilotTokenCap: p.copilotTokenCap,
  signup: p.signup,
});

export const get = async (tx: Tx, id: number): Promise<CompanyRow | undefined> =>
  (await tx.select().from(companies).where(eq(companies.id, id)).limit(1))[0];

export const getRef = async (tx: Tx, id: number): Promise<CompanyRef | undefined> => {
  const c = await get(tx, id);
  if (!c) return undefined;
  return { id: c.id, name: c.name, dueDate: c.dueDate, settings: await settingsOf(tx, id) };
};

export const getPlan = async (tx: Tx, id: number): Promise<PlanRow | undefined> =>
  (await tx.select().from(plans).where(eq(plans.id, id)).limit(1))[0];

export const getSetting = async (tx: Tx, companyId: number, key: string): Promise<string | undefined> =>
  (await tx.select({ value: settings.value }).from(settings).where(and(eq(settings.companyId, companyId), eq(settings.key, key))).limit(1))[0]?.value;

/** Stores one setting of a company (one row per key: the unique index decides insert or update). */
export const putSetting = async (tx: Tx, companyId: number, key: string, value: string): Promise<{ key: string; value: string }> => {
  const [row] = await tx
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } })
    .returning({ key: settings.key, value: settings.value });
  return row!;
};

/** A company's settings, every default present (companies older than a default lack its row). */
export const settingsOf = async (tx: Tx, companyId: number): Promise<{ key: string; value: string }[]> => {
  const stored = await tx.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId)).orderBy(asc(settings.key));
  const missing = Object.entries(DEFAULT_COMPANY_SETTINGS).filter(([key]) => !stored.some((s) => s.key === key));
  return [...stored, ...missing.map(([key, value]) => ({ key, value }))];
};

/** The platform's own company (the super user's), if seeded. */
export const platform = async (tx: Tx): Promise<CompanyRow | undefined> => (await tx.select().from(companies).where(eq(companies.isPlatform, true)).limit(1))[0];

export const list = async (tx: Tx): Promise<CompanyRow[]> => tx.select().from(companies).orderBy(asc(companies.id));

/** The copilot's monthly token cap of the company's plan (decision 0442; 0: none), in one statement. */
export const copilotTokenCap = async (tx: Tx, companyId: number): Promise<number> =>
  (await tx.select({ cap: plans.copilotTokenCap }).from(companies).innerJoin(plans, eq(plans.id, companies.planId)).where(eq(companies.id, companyId)).limit(1))[0]?.cap ?? 0;

export const firstPlan = async (tx: Tx): Promise<PlanRow | undefined> => (await tx.select().from(plans).orderBy(asc(plans.id)).limit(1))[0];

export const insert = async (tx: Tx, data: typeof companies.$inferInsert): Promise<CompanyRow> => {
  const [row] = await tx.insert(companies).values(data).returning();
  // Every default in one place (server-behaviour §1).
  await tx.insert(settings).values(Object.entries(DEFAULT_COMPANY_SETTINGS).map(([key, value]) => ({ companyId: row!.id, key, value })));
  return row!;
};

/**
 * Serialises creates that count against a plan limit: concurrent inserts for one company wait
 * here, so the count they check is the count they commit against.
 */
export const lockForLimits = async (tx: Tx, companyId: number): Promise<PlanRow> => {
  const [row] = await tx.select({ planId: companies.planId }).from(companies).where(eq(companies.id, companyId)).for('update');
  const plan = row ? await getPlan(tx, row.planId) : undefined;
  if (!plan) throw new Error(`company ${companyId} has no plan`);
  return plan;
};

export type CompanySchedules = CompanyRow['schedules'];

/** The company's own setup columns (timezone, working hours); the caller checked who may. */
export const setSetup = async (tx: Tx, id: number, set: { timezone?: string; schedules?: CompanySchedules }): Promise<CompanyRow | undefined> =>
  (await tx.update(companies).set({ ...set, updatedAt: new Date() }).where(eq(companies.id, id)).returning())[0];

/** The super user's edit of a company's own columns (name, contact, plan, status, due date, recurrence). */
export const update = async (tx: Tx, id: number, set: Partial<Pick<CompanyRow, 'name' | 'email' | 'phone' | 'planId' | 'status' | 'dueDate' | 'recurrence'>>): Promise<CompanyRow | undefined> =>
  (await tx.update(companies).set({ ...set, updatedAt: new Date() }).where(eq(companies.id, id)).returning())[0];

/** The company row locked for a delete (two deletes, or a delete and an edit, take turns). */
export const lock = async (tx: Tx, id: number): Promise<CompanyRow | undefined> => (await tx.select().from(companies).where(eq(companies.id, id)).for('update'))[0];

/** What a deleted company leaves running: its connections' sessions and its users' sockets. */
export const liveParts = async (tx: Tx, id: number): Promise<{ whatsappIds: number[]; userIds: number[] }> => ({
  whatsappIds: (await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.companyId, id))).map((r) => r.id),
  userIds: (await tx.select({ id: users.id }).from(users).where(eq(users.companyId, id))).map((r) => r.id),
});

/** Deletes a company; every table's foreign key to it cascades (all its data goes with it). */
export const remove = async (tx: Tx, id: number): Promise<void> => {
  await tx.delete(companies).where(eq(companies.id, id));
};

/**
 * Moves the company's due date on by `months`, from the later of its due date and the paid
 * invoice's (a company paying an old invoice is not pushed back). Returns the new due date.
 */
export const advanceDueDate = async (tx: Tx, companyId: number, invoiceDueDate: string, months: number): Promise<string> => {
  const [row] = await tx.execute<{ dueDate: string }>(sql`
    update companies set due_date = (greatest(due_date, ${invoiceDueDate}::date) + make_interval(months => ${months}))::date, updated_at = now()
    where id = ${companyId} returning due_date::text as "dueDate"`);
  return row!.dueDate;
};
