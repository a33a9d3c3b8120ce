import { can, NO_DUE_DATE, type CompanyDto, type CompanyPlanDto, type CreateCompanyBody } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { hashPassword } from '../users';
import { insertCompanyWithAdmin } from './company-setup';
import * as repo from './companies.repository';

export const createCompaniesService = (data: DataAccess) => ({
  /** Super user: a company, its default settings and its first admin, in one transaction. */
  create: async (ctx: Ctx, body: CreateCompanyBody): Promise<CompanyDto & { adminUserId: number }> => {
    if (!can(ctx, 'companies:manage')) throw new AppError('ERR_NO_PERMISSION');
    const passwordHash = await hashPassword(body.admin.password);
    return data.withSystem('companies:super', async ({ tx }) => {
      const plan = body.planId ? await repo.getPlan(tx, body.planId) : await repo.firstPlan(tx);
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
      const { company, admin } = await insertCompanyWithAdmin(
        tx,
        {
          name: body.name,
          email: body.email,
          phone: body.phone,
          planId: plan.id,
          dueDate: body.dueDate ?? NO_DUE_DATE,
          recurrence: body.recurrence,
          ...(body.timezone ? { timezone: body.timezone } : {}),
        },
        { name: body.admin.name, email: body.admin.email, passwordHash },
      );
      return { ...repo.toCompanyDto(company), adminUserId: admin.id };
    });
  },

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
});

export type CompaniesService = ReturnType<typeof createCompaniesService>;
