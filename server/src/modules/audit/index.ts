// The audit module's one door (decision 0091): the trail of admin changes. Other modules call
// `auditQueries.record(tx, ctx, entry)` inside the transaction that makes the change; admins read
// it through GET /audit-logs (decision 0124).
import type { DataAccess } from '../../db/tenant';
import { defineModule } from '../../infra/module';
import { record } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { createAuditService } from './audit.service';

export type { AuditAction, AuditEntity, AuditEntry } from './audit.repository';
export const auditQueries = { record };

export const auditModule = defineModule({
  name: 'audit',
  setup: (k: { data: DataAccess }) => ({ routes: auditRoutes(createAuditService(k.data)) }),
});
