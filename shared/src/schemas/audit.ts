import { z } from 'zod';
import { dbIdParam, pageNumber } from './common';

const iso = z.string();

export const auditEntities = ['setting', 'user', 'whatsapp', 'queue', 'queue-option', 'plan', 'company', 'tag', 'queue-integration', 'prompt', 'opt-out', 'schedule', 'invoice', 'help', 'logo', 'webhook', 'announcement', 'campaign', 'contact-list', 'file-list', 'contact'] as const;
export const auditActions = ['create', 'update', 'delete'] as const;

/** One admin change: who, when, what (entity + id), the action and the changed fields before → after (secrets masked). */
export const AuditLogDto = z.object({
  id: z.number(),
  companyId: z.number(),
  userId: z.number().nullable(),
  userName: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: iso,
});
export type AuditLogDto = z.infer<typeof AuditLogDto>;

const day = z.string().date();

/**
 * GET /audit-logs: newest first, 20 a page. Dates are days in the company's timezone, both
 * inclusive. `companyId` narrows a super user's view to one company (others' is their own).
 */
export const ListAuditLogsQuery = z.object({
  entity: z.enum(auditEntities).optional(),
  userId: dbIdParam.optional(),
  dateFrom: day.optional(),
  dateTo: day.optional(),
  companyId: dbIdParam.optional(),
  pageNumber,
});
export type ListAuditLogsQuery = z.infer<typeof ListAuditLogsQuery>;

export const ListAuditLogsResponse = z.object({ logs: z.array(AuditLogDto), hasMore: z.boolean() });
export type ListAuditLogsResponse = z.infer<typeof ListAuditLogsResponse>;
