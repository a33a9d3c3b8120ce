import { randomUUID } from 'node:crypto';
import { webhookEvents, type DomainEvent, type WebhookEnvelope, type WebhookEvent } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, pgCode } from '../../db/errors';
import { systemCtx, type DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import type { JobPayloads, Jobs } from '../../infra/jobs';
import { BoundedCache } from '../../lib/bounded-cache';
import { planHasFeature } from '../companies';
import * as repo from './webhooks.repository';

/** Fresh deliveries per `webhook.deliver` job: sent together, recorded in one statement. */
export const DELIVERY_BATCH = 100;

/** How long a company's subscriptions are trusted (another process's edit shows after this; this process's at once). */
export const SUBSCRIPTION_TTL_MS = 10_000;

/** The public DTO a receiver gets for each event (never tokens or secrets: the DTOs the UI gets). */
export const dataOf = (e: DomainEvent): Record<string, unknown> | undefined => {
  switch (e.type) {
    case 'message.created':
    case 'message.updated':
      return { message: e.message, ticket: e.ticket };
    case 'ticket.created':
    case 'ticket.updated':
      return { ticket: e.ticket };
    case 'ticket.deleted':
      return { id: e.ticketId, uuid: e.ticketUuid };
    case 'contact.created':
    case 'contact.updated':
      return { contact: e.contact };
    case 'contact.deleted':
      return { id: e.contactId };
    default:
      return undefined;
  }
};

export const envelope = (eventId: string, event: WebhookEnvelope['event'], companyId: number, data: Record<string, unknown>): WebhookEnvelope => ({
  id: eventId,
  event,
  createdAt: new Date().toISOString(),
  companyId,
  data,
});

type Subscription = { id: number; events: string[] };

/**
 * Domain events → delivery rows + `webhook.deliver` jobs, a job per batch of rows (decisions 0301, 0326). Listens after commit; a
 * company's active subscriptions are cached for SUBSCRIPTION_TTL_MS (a company without webhooks
 * costs a Map lookup per event). The rows and their jobs go in one transaction, batched per company.
 */
export const createOutbox = (deps: { data: DataAccess; jobs: Jobs; log: { error(obj: object, msg: string): void } }) => {
  const cache = new BoundedCache(10_000, SUBSCRIPTION_TTL_MS);

  const load = (companyId: number): Promise<Subscription[]> => {
    const key = String(companyId);
    const hit = cache.get<Promise<Subscription[]>>(key);
    if (hit) return hit;
    const loading = (async () => {
      // A plan without the external API stops the deliveries too (decision 0300).
      if (!(await planHasFeature(deps.data, { companyId }, 'useExternalApi'))) return [];
      return deps.data.withTenant(systemCtx(companyId), ({ tx }) => repo.subscriptions(tx, companyId));
    })();
    // A failed read is not cached: the next event asks again.
    loading.catch(() => cache.del(key));
    cache.set(key, loading);
    return loading;
  };

  /** Inside the caller's transaction: pending rows (one per webhook and event) and one job each, in two statements. */
  const queueMany = async (tx: Tx, companyId: number, items: { event: WebhookEnvelope['event']; webhookIds: number[]; data: Record<string, unknown> }[]) => {
    const rows = items.flatMap(({ event, webhookIds, data }) =>
      webhookIds.map((webhookId) => {
        const eventId = randomUUID();
        return { companyId, webhookId, eventId, event, payload: envelope(eventId, event, companyId, data) };
      }),
    );
    const made = await repo.insertDeliveries(tx, rows);
    // One job per DELIVERY_BATCH fresh deliveries (issue 26): a burst of events is a few jobs, not one each.
    const jobs: JobPayloads['webhook.deliver'][] = [];
    for (let i = 0; i < made.length; i += DELIVERY_BATCH) jobs.push({ companyId, deliveryIds: made.slice(i, i + DELIVERY_BATCH).map((d) => d.id), round: 1 });
    await deps.jobs.enqueueMany(tx, 'webhook.deliver', jobs);
    return made;
  };
  const queue = (tx: Tx, companyId: number, event: WebhookEnvelope['event'], webhookIds: number[], data: Record<string, unknown>) => queueMany(tx, companyId, [{ event, webhookIds, data }]);

  /**
   * Group commit per company: events that arrive while the company's last batch is being written
   * wait for it and go together in the next transaction (under load, one commit for many events).
   */
  const batches = new Map<number, { items: Parameters<typeof queueMany>[2]; running?: Promise<void> }>();
  const flush = async (companyId: number): Promise<void> => {
    const b = batches.get(companyId)!;
    try {
      while (b.items.length > 0) {
        const items = b.items.splice(0, 500);
        const write = (list: typeof items) => deps.data.withTenant(systemCtx(companyId), ({ tx }) => queueMany(tx, companyId, list));
        try {
          try {
            await write(items);
          } catch (err) {
            // A webhook deleted since the cache was read: read the subscriptions again and keep only those that exist.
            if (pgCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
            cache.del(String(companyId));
            const live = new Set((await load(companyId)).map((w) => w.id));
            await write(items.map((i) => ({ ...i, webhookIds: i.webhookIds.filter((id) => live.has(id)) })));
          }
          deps.jobs.notify('webhook.deliver');
        } catch (err) {
          deps.log.error({ err, companyId, events: items.length }, 'queueing webhook deliveries failed');
        }
      }
    } finally {
      batches.delete(companyId);
    }
  };

  const onEvent = async (e: DomainEvent): Promise<void> => {
    const subs = await load(e.companyId);
    if (subs.length === 0) return;
    const webhookIds = subs.filter((s) => s.events.includes(e.type)).map((s) => s.id);
    if (webhookIds.length === 0) return;
    const data = dataOf(e);
    if (!data) return;
    const b = batches.get(e.companyId) ?? { items: [] };
    batches.set(e.companyId, b);
    b.items.push({ event: e.type as WebhookEvent, webhookIds, data });
    // The running flush takes this item in its next round; either way this resolves once it is written.
    b.running ??= flush(e.companyId);
    await b.running;
  };

  return {
    queue,
    /** Forget a company's cached subscriptions (its webhooks changed in this process). */
    invalidate: (companyId: number) => cache.del(String(companyId)),
    listen: (bus: EventBus) => {
      for (const type of webhookEvents) {
        bus.on(type, (e) => onEvent(e).catch((err: unknown) => deps.log.error({ err, event: e.type, companyId: e.companyId }, 'reading webhook subscriptions failed')));
      }
    },
  };
};

export type Outbox = ReturnType<typeof createOutbox>;
