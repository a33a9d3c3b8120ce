import type { Tx } from '../../db/client';
import type { Ctx } from '../../db/tenant';
import { auditLogs } from './audit.table';

export type AuditEntity = 'setting' | 'user' | 'whatsapp' | 'queue' | 'queue-option' | 'plan' | 'company' | 'tag';
export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  entity: AuditEntity;
  entityId: string | number;
  action: AuditAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The company the change belongs to when it is not the actor's (a super user editing a company). */
  companyId?: number;
}

/** Keys whose values never reach the trail: tokens, passwords, integration secrets. */
const SECRET = /pass|token|secret|key|hash|qrcode|asaas|clientid/i;

/** A copy with secrets replaced by '•••' (changed or not is still visible: before and after differ). */
export const mask = (v: Record<string, unknown> | null | undefined): Record<string, unknown> | null => {
  if (v == null) return null;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) out[k] = SECRET.test(k) && val != null && val !== '' ? '•••' : val instanceof Date ? val.toISOString() : val;
  return out;
};

/** Only the fields that changed, so an update row reads as a diff. */
const diff = (before: Record<string, unknown> | null, after: Record<string, unknown> | null): [Record<string, unknown> | null, Record<string, unknown> | null] => {
  if (!before || !after) return [before, after];
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return [b, a];
};

/**
 * Records one admin change in the caller's transaction, so the trail and the change commit or
 * roll back together. An update that changed nothing is not recorded.
 */
export const record = async (tx: Tx, ctx: Ctx & { userName?: string }, e: AuditEntry): Promise<void> => {
  const [before, after] = diff(mask(e.before), mask(e.after));
  if (e.action === 'update' && before && after && Object.keys(after).length === 0) return;
  await tx.insert(auditLogs).values({
    companyId: e.companyId ?? ctx.companyId,
    userId: ctx.userId || null,
    userName: ctx.userName ?? '',
    entity: e.entity,
    entityId: String(e.entityId),
    action: e.action,
    before,
    after,
  });
};
