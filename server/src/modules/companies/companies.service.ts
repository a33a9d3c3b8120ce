import { can, NO_DUE_DATE, type CompanyDto, type CompanyPlanDto, type UpdateCompanyBody } from '@balcao/shared';
import { pgCode, UNIQUE_VIOLATION } from '../../db/errors';
import { auditQueries } from '../audit';
import type { SessionManager } from '../whatsapp';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import * as repo from './companies.repository';

/** The audited view of a company (what the trail keeps of a change; onboarding's create too). */
export const auditedCompany = (c: repo.CompanyRow) => ({ name: c.name, email: c.email, phone: c.phone, planId: c.planId, status: c.status, dueDate: c.dueDate, recurrence: c.recurrence });

const superOnly = (ctx: Ctx) => {
  if (!can(ctx, 'companies:manage')) throw new AppError('ERR_NO_PERMISSION');
};

/** `sessions`: the process's WhatsApp sessions, stopped when their company is deleted. */
export const createCompaniesService = (data: DataAccess, sessions?: Pick<SessionManager, 'stop'>) => ({
  list: (ctx: Ctx): Promise<CompanyDto[]> => {
    if (!can(ctx, 'companies:manage')) throw new AppError('ERR_NO_PERMISSION');
    return data.withSystem('companies:super', async ({ tx }) => (await repo.list(tx)).map(repo.toCompanyDto));
  },

  /** A company with its plan nested (`{ plan: { use… } }`): one's own, or any for the super user. */
  plan: (ctx: Ctx, companyId: number): Promise<CompanyPlanDto> => {
    if (companyId !== ctx.companyId && !can(ctx, 'companies:viewAnyPlan')) throw new AppError('ERR_NO_COMPANY_FOUND');
    const run = async ({ tx }: Parameters<Parameters<DataAccess['withSystem']>[1]>[0]) => {
      const company = await repo.get(tx, companyId);
      const plan = company ? await repo.getPlan(tx, company.planId) : undefined;
      if (!company || !plan) throw new AppError('ERR_NO_COMPANY_FOUND');
      return { id: company.id, name: company.name, planId: company.planId, dueDate: company.dueDate, plan: repo.toPlanDto(plan) };
    };
    return companyId === ctx.companyId ? data.withTenant(ctx, run) : data.withSystem('companies:super', run);
  },

  /**
   * PUT /companies/:id (super user): the fields sent change, audited in the company's own trail.
   * A null or empty due date is "never expires"; a taken name is ERR_DUPLICATED_COMPANY.
   */
  update: (ctx: Ctx, id: number, body: UpdateCompanyBody): Promise<CompanyDto> => {
    superOnly(ctx);
    return data.withSystem('companies:super', async ({ tx, stage }) => {
      const before = found(await repo.lock(tx, id), 'ERR_NO_COMPANY_FOUND');
      if (body.planId !== undefined && !(await repo.getPlan(tx, body.planId))) throw new AppError('ERR_NO_PLAN_FOUND');
      const name = body.name;
      if (name && (await repo.list(tx)).some((c) => c.id !== id && c.name.toLowerCase() === name.toLowerCase())) throw new AppError('ERR_DUPLICATED_COMPANY');
      const { dueDate, ...rest } = body;
      const set = { ...rest, ...(dueDate !== undefined ? { dueDate: dueDate || NO_DUE_DATE } : {}) };
      const after = await repo.update(tx, id, set).catch((err: unknown) => {
        throw pgCode(err) === UNIQUE_VIOLATION ? new AppError('ERR_DUPLICATED_COMPANY') : err;
      });
      await auditQueries.record(tx, ctx, { entity: 'company', entityId: id, action: 'update', before: auditedCompany(before), after: auditedCompany(after!), companyId: id });
      if (after!.dueDate !== before.dueDate) stage({ type: 'company.dueDateChanged', companyId: id, from: before.dueDate, to: after!.dueDate });
      return repo.toCompanyDto(after!);
    });
  },

  /**
   * DELETE /companies/:id (super user; decision 0271): the company and all its data (every foreign
   * key to it cascades), and what it left running: its connections' sessions are stopped (before
   * the delete, and once more after it, as a connection's own delete does), its users' refresh
   * tokens go with their rows, their access tokens stop at the next request (the user is gone) and
   * their sockets are closed after commit. The platform's own company is never deleted. The trail
   * row is the super user's (the company's own trail goes with it).
   */
  remove: async (ctx: Ctx, id: number): Promise<{ message: string }> => {
    superOnly(ctx);
    const first = await data.withSystem('companies:delete', async ({ tx }) => {
      const row = found(await repo.get(tx, id), 'ERR_NO_COMPANY_FOUND');
      if (row.isPlatform) throw new AppError('ERR_PLATFORM_COMPANY');
      return repo.liveParts(tx, id);
    });
    for (const w of first.whatsappIds) await sessions?.stop(w);
    const last = await data.withSystem('companies:delete', async ({ tx, stage }) => {
      const row = found(await repo.lock(tx, id), 'ERR_NO_COMPANY_FOUND');
      if (row.isPlatform) throw new AppError('ERR_PLATFORM_COMPANY');
      const parts = await repo.liveParts(tx, id);
      await repo.remove(tx, id);
      await auditQueries.record(tx, ctx, { entity: 'company', entityId: id, action: 'delete', before: auditedCompany(row), after: null });
      stage({ type: 'company.deleted', companyId: id, userIds: parts.userIds });
      return parts;
    });
    // A session started while the delete ran (a restart, the lease scan) ends here.
    for (const w of new Set([...first.whatsappIds, ...last.whatsappIds])) await sessions?.stop(w);
    return { message: 'Company deleted.' };
  },
});

export type CompaniesService = ReturnType<typeof createCompaniesService>;
