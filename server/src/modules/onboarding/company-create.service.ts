import { can, NO_DUE_DATE, type CompanyDto, type CreateCompanyBody } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import { auditQueries } from '../audit';
import { auditedCompany, companiesQueries, companiesWrites, toCompanyDto } from '../companies';
import { hashPassword } from '../users';
import { insertCompanyWithAdmin } from './company-setup';

/** POST /companies (super user): a company, its default settings and its first admin, in one transaction. */
export const createCompanyCreateService = (data: DataAccess) => ({
  create: async (ctx: Ctx, body: CreateCompanyBody): Promise<CompanyDto & { adminUserId: number }> => {
    if (!can(ctx, 'companies:manage')) throw new AppError('ERR_NO_PERMISSION');
    const admin = body.admin ?? { name: body.name, email: body.email, password: body.password ?? '' };
    const passwordHash = await hashPassword(admin.password);
    return data.withSystem('companies:super', async ({ tx }) => {
      const plan = body.planId ? await companiesQueries.getPlan(tx, body.planId) : await companiesQueries.firstPlan(tx);
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND');
      const { company, admin: adminRow } = await insertCompanyWithAdmin(
        tx,
        {
          name: body.name,
          email: body.email,
          phone: body.phone,
          planId: plan.id,
          dueDate: body.dueDate || NO_DUE_DATE,
          recurrence: body.recurrence,
          status: body.status,
          ...(body.timezone ? { timezone: body.timezone } : {}),
        },
        { name: admin.name, email: admin.email, passwordHash },
      );
      if (body.campaignsEnabled !== undefined) await companiesWrites.putSetting(tx, company.id, 'campaignsEnabled', String(body.campaignsEnabled));
      // In the super user's trail (the platform's): the new company's own trail starts with its own changes.
      await auditQueries.record(tx, ctx, { entity: 'company', entityId: company.id, action: 'create', before: null, after: auditedCompany(company) });
      return { ...toCompanyDto(company), adminUserId: adminRow.id };
    });
  },
});

export type CompanyCreateService = ReturnType<typeof createCompanyCreateService>;
