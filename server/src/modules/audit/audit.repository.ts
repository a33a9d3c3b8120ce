import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AuditLogDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx } from '../../db/tenant';
import { auditLogs } from './audit.table';

export type AuditEntity = 'setting' | 'user' | 'whatsapp' | 'queue' | 'queue-option' | 'plan' | 'company' | 'tag' | 'queue-integration' | 'prompt' | 'opt-out' | 'schedule' | 'invoice' | 'help' | 'logo' | 'webhook' | 'announcement' | 'campaign' | 'contact-list' | 'file-list' | 'contact' | 'knowledge-article' | 'copilot';
export type AuditAction = 'create' | 'update' | 'delete';

export interface AuditEntry {
  entity: AuditEntity;
  entityId: string | number;
  action: AuditAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The company the change belongs to when it is not the actor's (a super user editing a company). */
  companyId?: number;
  /** Every value is a secret (an integration key): the trail says only that it changed. */
  secret?: boolean;
}

/** Keys whose values never reach the trail: tokens, passwords, integration secrets. */
const SECRET = /pass|token|secret|key|hash|qrcode|asaas|clientid/i;

/**
 * A copy with secrets replaced by '•••' ('' stays '': set or cleared is still visible). `all`: every
 * value is a secret.
 */
export const mask = (v: Record<string, unknown> | null | undefined, all = false): Record<string, unknown> | null => {
  if (v == null) return null;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) out[k] = (all || SECRET.test(k)) && val != null && val !== '' ? '•••' : val instanceof Date ? val.toISOString() : val;
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
 * roll back together. An update that changed nothing is not recorded. The diff is taken before
 * masking, so a secret replaced by another is still recorded (as '•••' → '•••'). The actor's name
 * is copied from users when not given, so the trail outlives the user.
 */
export const record = async (tx: Tx, ctx: Ctx & { userName?: string }, e: AuditEntry): Promise<void> => {
  const [rawBefore, rawAfter] = diff(e.before ?? null, e.after ?? null);
  if (e.action === 'update' && rawBefore && rawAfter && Object.keys(rawAfter).length === 0) return;
  const [before, after] = [mask(rawBefore, e.secret), mask(rawAfter, e.secret)];
  await tx.insert(auditLogs).values({
    companyId: e.companyId ?? ctx.companyId,
    userId: ctx.userId || null,
    userName: ctx.userName ?? (ctx.userId ? sql`coalesce((select name from users where id = ${ctx.userId}), '')` : ''),
    entity: e.entity,
    entityId: String(e.entityId),
    action: e.action,
    before,
    after,
  });
};

export const AUDIT_PAGE_SIZE = 20;

export interface AuditFilter {
  /** undefined: every company (super users). */
  companyId?: number;
  entity?: string;
  userId?: number;
  /** Days (YYYY-MM-DD), both inclusive, in the timezone of company `zoneOf`. */
  dateFrom?: string;
  dateTo?: string;
  zoneOf: number;
}

type AuditRow = typeof auditLogs.$inferSelect;

export const toAuditLogDto = (r: AuditRow): AuditLogDto => ({
  id: r.id,
  companyId: r.companyId,
  userId: r.userId,
  userName: r.userName,
  entity: r.entity,
  entityId: r.entityId,
  action: r.action,
  before: (r.before as Record<string, unknown> | null) ?? null,
  after: (r.after as Record<string, unknown> | null) ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** One page of the trail, newest first (the (company, created_at desc, id desc) index). */
export const list = async (tx: Tx, f: AuditFilter, pageNumber: number): Promise<{ logs: AuditLogDto[]; hasMore: boolean }> => {
  const zone = sql`(select timezone from companies where id = ${f.zoneOf})`;
  const where = and(
    f.companyId !== undefined ? eq(auditLogs.companyId, f.companyId) : undefined,
    f.entity ? eq(auditLogs.entity, f.entity) : undefined,
    f.userId ? eq(auditLogs.userId, f.userId) : undefined,
    f.dateFrom ? gte(auditLogs.createdAt, sql`(${f.dateFrom}::date)::timestamp at time zone ${zone}`) : undefined,
    f.dateTo ? lt(auditLogs.createdAt, sql`(${f.dateTo}::date + 1)::timestamp at time zone ${zone}`) : undefined,
  );
  const rows = await tx
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * AUDIT_PAGE_SIZE);
  return { logs: rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditLogDto), hasMore: rows.length > AUDIT_PAGE_SIZE };
};
