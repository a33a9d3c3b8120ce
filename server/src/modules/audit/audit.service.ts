import { can, type ListAuditLogsQuery, type ListAuditLogsResponse } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import * as repo from './audit.repository';

export const createAuditService = (data: DataAccess) => ({
  /**
   * GET /audit-logs: admins read their company's trail; super users every company's (or one, with
   * `companyId`). Anyone else: 403. An admin's `companyId` is ignored (the company comes from the token).
   */
  list: (ctx: Ctx, q: ListAuditLogsQuery): Promise<ListAuditLogsResponse> => {
    const filter = { entity: q.entity, userId: q.userId, dateFrom: q.dateFrom, dateTo: q.dateTo };
    if (can(ctx, 'audit:viewAll')) {
      return data.withSystem('companies:super', ({ tx }) => repo.list(tx, { ...filter, companyId: q.companyId, zoneOf: q.companyId ?? ctx.companyId }, q.pageNumber));
    }
    if (!can(ctx, 'audit:view')) throw new AppError('ERR_NO_PERMISSION');
    return data.withTenant(ctx, ({ tx }) => repo.list(tx, { ...filter, companyId: ctx.companyId, zoneOf: ctx.companyId }, q.pageNumber));
  },
});

export type AuditService = ReturnType<typeof createAuditService>;
