// The audit module's one door (decision 0091): the trail of admin changes. Other modules call
// `auditQueries.record(tx, ctx, entry)` inside the transaction that makes the change.
import { record } from './audit.repository';

export type { AuditAction, AuditEntity, AuditEntry } from './audit.repository';
export const auditQueries = { record };
