import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { WEBHOOK_DELIVERY_PAGE_SIZE, type ListWebhookDeliveriesQuery, type WebhookDeliveryDto, type WebhookDeliveryStatus, type WebhookDto } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { webhookDeliveries, webhooks } from './webhooks.table';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookInsert = typeof webhooks.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The secret never leaves: only its last 4 characters, which the service keeps beside nothing (it reads them from the opened secret). */
export const toDto = (r: WebhookRow, secretTail: string): WebhookDto => ({
  id: r.id,
  name: r.name,
  url: r.url,
  events: r.events,
  active: r.active,
  secretTail,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toDeliveryDto = (r: DeliveryRow): WebhookDeliveryDto => ({
  id: r.id,
  webhookId: r.webhookId,
  eventId: r.eventId,
  event: r.event,
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  responseStatus: r.responseStatus,
  responseBody: r.responseBody,
  error: r.error,
  deliveredAt: r.deliveredAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const mine = (companyId: number, id: number) => and(eq(webhooks.companyId, companyId), eq(webhooks.id, id));

export const list = (tx: Tx, companyId: number): Promise<WebhookRow[]> =>
  tx.select().from(webhooks).where(eq(webhooks.companyId, companyId)).orderBy(asc(sql`lower(${webhooks.name})`), asc(webhooks.id));

export const count = async (tx: Tx, companyId: number): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(webhooks).where(eq(webhooks.companyId, companyId)))[0]?.n ?? 0;

export const get = async (tx: Tx, companyId: number, id: number, lock = false): Promise<WebhookRow | undefined> => {
  const q = tx.select().from(webhooks).where(mine(companyId, id)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
};

export const insert = async (tx: Tx, row: WebhookInsert): Promise<WebhookRow> => (await tx.insert(webhooks).values(row).returning())[0]!;

export const update = async (tx: Tx, companyId: number, id: number, cols: Partial<WebhookInsert>): Promise<WebhookRow> =>
  (await tx.update(webhooks).set({ ...cols, updatedAt: sql`now()` }).where(mine(companyId, id)).returning())[0]!;

export const remove = async (tx: Tx, companyId: number, id: number): Promise<void> => {
  await tx.delete(webhooks).where(mine(companyId, id));
};

/** The active webhooks of a company (what the outbox caches): id, events. */
export const subscriptions = (tx: Tx, companyId: number): Promise<{ id: number; events: string[] }[]> =>
  tx.select({ id: webhooks.id, events: webhooks.events }).from(webhooks).where(and(eq(webhooks.companyId, companyId), eq(webhooks.active, true)));

/**
 * New pending deliveries (one per webhook and event): their ids with the webhook and event id.
 * One statement of one text the same for every batch size: the rows go as one JSON parameter
 * (a multi-row insert built per row cost the outbox more CPU than the deliveries themselves, and
 * each batch size was another statement to plan; issue 26).
 */
export const insertDeliveries = async (
  tx: Tx,
  rows: { companyId: number; webhookId: number; eventId: string; event: string; payload: unknown }[],
): Promise<{ id: number; webhookId: number; eventId: string }[]> => {
  if (rows.length === 0) return [];
  const json = JSON.stringify(rows.map((r) => ({ company_id: r.companyId, webhook_id: r.webhookId, event_id: r.eventId, event: r.event, payload: r.payload })));
  const made = await tx.execute<{ id: string | number; webhook_id: number; event_id: string }>(sql`
    insert into webhook_deliveries (company_id, webhook_id, event_id, event, payload)
    select r.company_id, r.webhook_id, r.event_id, r.event, r.payload
    from jsonb_to_recordset(${json}::jsonb) as r(company_id int, webhook_id int, event_id uuid, event text, payload jsonb)
    returning id, webhook_id, event_id`);
  return made.map((r) => ({ id: Number(r.id), webhookId: r.webhook_id, eventId: r.event_id }));
};

/** A page of a webhook's log, newest first; `count` is the whole match. */
export const deliveries = async (tx: Tx, companyId: number, webhookId: number, q: ListWebhookDeliveriesQuery): Promise<{ rows: DeliveryRow[]; count: number; hasMore: boolean }> => {
  const where = and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.webhookId, webhookId), q.status ? eq(webhookDeliveries.status, q.status) : undefined);
  const rows = await tx
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_PAGE_SIZE + 1)
    .offset((q.pageNumber - 1) * WEBHOOK_DELIVERY_PAGE_SIZE);
  const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
  return { rows: rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE), count: counted?.n ?? 0, hasMore: rows.length > WEBHOOK_DELIVERY_PAGE_SIZE };
};

export const delivery = async (tx: Tx, companyId: number, webhookId: number, id: number, lock = false): Promise<DeliveryRow | undefined> => {
  const q = tx
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)))
    .limit(1);
  return (lock ? await q.for('update') : await q)[0];
};

/** What a try needs of a delivery: the payload as the JSON text it is sent as (never parsed and written again). */
export type DeliveryToTry = Pick<DeliveryRow, 'id' | 'status' | 'attempts' | 'event' | 'eventId'> & { body: string };

/** Several deliveries with their webhooks, for a batch of tries (one read for all of them). */
export const forAttempts = async (tx: Tx, companyId: number, ids: number[]): Promise<{ d: DeliveryToTry; w: WebhookRow }[]> =>
  ids.length === 0
    ? []
    : tx
        .select({
          d: {
            id: webhookDeliveries.id,
            status: webhookDeliveries.status,
            attempts: webhookDeliveries.attempts,
            event: webhookDeliveries.event,
            eventId: webhookDeliveries.eventId,
            body: sql<string>`${webhookDeliveries.payload}::text`,
          },
          w: webhooks,
        })
        .from(webhookDeliveries)
        .innerJoin(webhooks, and(eq(webhooks.companyId, webhookDeliveries.companyId), eq(webhooks.id, webhookDeliveries.webhookId)))
        .where(and(eq(webhookDeliveries.companyId, companyId), sql`${webhookDeliveries.id} = any(${`{${ids.map(Number).join(',')}}`}::bigint[])`));

export interface AttemptRecord {
  id: number;
  seenAttempts: number;
  status: WebhookDeliveryStatus;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
}

/**
 * Records a batch of tries in one statement, each only if nobody recorded one since its
 * `seenAttempts` was read; returns the rows it wrote (id, attempts after).
 */
export const recordAttempts = async (tx: Tx, companyId: number, rs: AttemptRecord[]): Promise<{ id: number; attempts: number }[]> => {
  if (rs.length === 0) return [];
  const rows = await tx.execute<{ id: string | number; attempts: number }>(sql`
    update webhook_deliveries d set
      status = r.status, attempts = d.attempts + 1, response_status = r.response_status, response_body = r.response_body, error = r.error,
      delivered_at = case when r.status = 'delivered' then now() else d.delivered_at end, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(
      rs.map((r) => ({ id: r.id, seen: r.seenAttempts, status: r.status, response_status: r.responseStatus, response_body: r.responseBody, error: r.error })),
    )}::jsonb) as r(id bigint, seen int, status text, response_status int, response_body text, error text)
    where d.company_id = ${companyId} and d.id = r.id and d.attempts = r.seen
      -- The ids again as an array: the planner reads them by primary key instead of hashing the
      -- whole table against its guess of 100 records (a sequential scan per batch, issue 26).
      and d.id = any(string_to_array(${rs.map((r) => r.id).join(',')}, ',')::bigint[])
    returning d.id, d.attempts`);
  return rows.map((r) => ({ id: Number(r.id), attempts: r.attempts }));
};

/** A replay: back to pending (attempts are kept: the log counts every try). */
export const requeue = async (tx: Tx, companyId: number, id: number): Promise<DeliveryRow> =>
  (
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', error: null, updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)))
      .returning()
  )[0]!;

/**
 * Pruning (decision 0320), across companies (`withSystem('webhooks:prune')`): one batch of at most
 * `limit` settled deliveries (never a pending one) queued and last touched before `before`. Ids grow
 * with `created_at`, so only the ids below the first young row are read: a batch costs what it deletes.
 */
export const pruneOld = async (tx: Tx, before: Date, limit: number): Promise<number> => {
  const rows = await tx.execute<{ id: number }>(sql`
    with boundary as (
      select coalesce((select id from webhook_deliveries where created_at >= ${before.toISOString()}::timestamptz order by id limit 1), 9223372036854775807) as id
    )
    delete from webhook_deliveries where id in (
      select d.id from webhook_deliveries d, boundary b
      where d.id < b.id and d.updated_at < ${before.toISOString()}::timestamptz and d.status <> 'pending'
      order by d.id
      limit ${limit}
    )
    returning id`);
  return rows.length;
};

/** The webhooks with more than `keep` deliveries, each with the id of its newest one over the cap (read once a run). */
export const overCap = async (tx: Tx, keep: number): Promise<{ webhookId: number; cutId: number }[]> => {
  const rows = await tx.execute<{ webhook_id: number; cut_id: string | number }>(sql`
    select w.id as webhook_id, cut.id as cut_id
    from webhooks w
    cross join lateral (select d.id from webhook_deliveries d where d.webhook_id = w.id order by d.id desc offset ${keep} limit 1) cut`);
  return rows.map((r) => ({ webhookId: r.webhook_id, cutId: Number(r.cut_id) }));
};

/** One batch of at most `limit` settled deliveries at or below each webhook's `cutId` (from `overCap`). */
export const pruneOverCap = async (tx: Tx, cuts: { webhookId: number; cutId: number }[], limit: number): Promise<number> => {
  if (cuts.length === 0) return 0;
  const rows = await tx.execute<{ id: number }>(sql`
    delete from webhook_deliveries where id in (
      select d.id
      from jsonb_to_recordset(${JSON.stringify(cuts)}::jsonb) as c("webhookId" int, "cutId" bigint)
      cross join lateral (
        select x.id from webhook_deliveries x
        where x.webhook_id = c."webhookId" and x.id <= c."cutId" and x.status <> 'pending'
        order by x.id
        limit ${limit}
      ) d
      limit ${limit}
    )
    returning id`);
  return rows.length;
};
