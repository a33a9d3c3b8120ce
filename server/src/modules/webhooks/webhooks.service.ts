import {
  can,
  WEBHOOK_LIMITS,
  WEBHOOK_PING_EVENT,
  type CreateWebhookBody,
  type ListWebhookDeliveriesQuery,
  type ListWebhookDeliveriesResponse,
  type ListWebhooksResponse,
  type UpdateWebhookBody,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookSecretResponse,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import { AppError } from '../../infra/errors';
import type { Jobs } from '../../infra/jobs';
import { checkOutboundUrl } from '../../lib/outbound';
import { auditQueries } from '../audit';
import type { Outbox } from './webhooks.outbox';
import * as repo from './webhooks.repository';
import { openSecret, sealSecret, tailOf } from './webhooks.secrets';
import { newSecret } from '../../lib/signature';

export interface WebhookDeps {
  data: DataAccess;
  jobs: Jobs;
  /** Seals the signing secrets (config.waEncryptionKey). */
  key: Buffer;
  allowPrivateHosts: boolean;
  outbox: Outbox;
}

/** What the audit trail keeps: the row's fields; the secret only as "changed" (masked by the trail). */
const auditView = (d: WebhookDto) => {
  const { updatedAt: _u, createdAt: _c, secretTail: _s, ...rest } = d;
  return rest;
};

export const createWebhooksService = (deps: WebhookDeps) => {
  const { data, key } = deps;
  const manager = (ctx: Ctx) => {
    if (!can(ctx, 'webhooks:manage')) throw new AppError('ERR_NO_PERMISSION');
  };
  const of = async (tx: Tx, ctx: Ctx, id: number, lock = false) => {
    const row = await repo.get(tx, ctx.companyId, id, lock);
    if (!row) throw new AppError('ERR_NO_WEBHOOK_FOUND');
    return row;
  };
  const tail = (r: repo.WebhookRow) => {
    try {
      return tailOf(openSecret(key, r.companyId, r.secretSealed));
    } catch {
      // Sealed under another installation key: the list still opens; rotating makes a new secret.
      return '';
    }
  };
  const dto = (r: repo.WebhookRow) => repo.toDto(r, tail(r));
  /** Before the transaction: a name is looked up, and a lookup must not hold a connection. */
  const checkUrl = async (ctx: Ctx, url: string | undefined) => {
    manager(ctx);
    if (url === undefined) return;
    const refused = await checkOutboundUrl(url, deps.allowPrivateHosts);
    if (refused?.refusal === 'bad-url') throw new AppError('ERR_VALIDATION', 'invalid URL');
    if (refused) throw new AppError('ERR_WEBHOOK_URL_REFUSED', refused.message);
  };
  /** After a change commits: this process sees it at once, others within the cache's TTL. */
  const changed = <T>(ctx: Ctx, p: Promise<T>) => p.finally(() => deps.outbox.invalidate(ctx.companyId));

  return {
    list: (ctx: Ctx): Promise<ListWebhooksResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        manager(ctx);
        return { webhooks: (await repo.list(tx, ctx.companyId)).map(dto) };
      }),

    create: async (ctx: Ctx, body: CreateWebhookBody): Promise<WebhookSecretResponse> => {
      await checkUrl(ctx, body.url);
      return changed(
        ctx,
        data.withTenant(ctx, async ({ tx }) => {
          manager(ctx);
          if ((await repo.count(tx, ctx.companyId)) >= WEBHOOK_LIMITS.maxWebhooks) throw new AppError('ERR_WEBHOOK_LIMIT');
          const secret = newSecret();
          const row = await repo.insert(tx, { companyId: ctx.companyId, name: body.name, url: body.url, events: [...new Set(body.events)], active: body.active, secretSealed: sealSecret(key, ctx.companyId, secret) });
          const webhook = dto(row);
          await auditQueries.record(tx, ctx, { entity: 'webhook', entityId: row.id, action: 'create', after: { ...auditView(webhook), secret: 'new' } });
          return { webhook, secret };
        }),
      );
    },

    update: async (ctx: Ctx, id: number, body: UpdateWebhookBody): Promise<WebhookDto> => {
      await checkUrl(ctx, body.url);
      return changed(
        ctx,
        data.withTenant(ctx, async ({ tx }) => {
          manager(ctx);
          const before = await of(tx, ctx, id, true);
          const cols = Object.fromEntries(Object.entries({ ...body, events: body.events && [...new Set(body.events)] }).filter(([, v]) => v !== undefined));
          const row = await repo.update(tx, ctx.companyId, id, cols);
          const after = dto(row);
          await auditQueries.record(tx, ctx, { entity: 'webhook', entityId: id, action: 'update', before: auditView(dto(before)), after: auditView(after) });
          return after;
        }),
      );
    },

    remove: (ctx: Ctx, id: number): Promise<void> =>
      changed(
        ctx,
        data.withTenant(ctx, async ({ tx }) => {
          manager(ctx);
          const before = await of(tx, ctx, id, true);
          // Its delivery log goes with it (the composite foreign key cascades); queued jobs find no row and do nothing.
          await repo.remove(tx, ctx.companyId, id);
          await auditQueries.record(tx, ctx, { entity: 'webhook', entityId: id, action: 'delete', before: auditView(dto(before)) });
        }),
      ),

    /** A new signing secret, shown this once; the old one stops signing at once (decision 0302). */
    rotate: (ctx: Ctx, id: number): Promise<WebhookSecretResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        manager(ctx);
        await of(tx, ctx, id, true);
        const secret = newSecret();
        const row = await repo.update(tx, ctx.companyId, id, { secretSealed: sealSecret(key, ctx.companyId, secret) });
        await auditQueries.record(tx, ctx, { entity: 'webhook', entityId: id, action: 'update', before: { secret: 'old' }, after: { secret: 'new' } });
        return { webhook: dto(row), secret };
      }),

    deliveries: (ctx: Ctx, id: number, q: ListWebhookDeliveriesQuery): Promise<ListWebhookDeliveriesResponse> =>
      data.withTenant(ctx, async ({ tx }) => {
        manager(ctx);
        await of(tx, ctx, id);
        const p = await repo.deliveries(tx, ctx.companyId, id, q);
        return { deliveries: p.rows.map(repo.toDeliveryDto), count: p.count, hasMore: p.hasMore };
      }),

    /**
     * Sends a delivery again with the same id and body (a new round of tries). One still pending
     * is on its way already: answered as it is, nothing queued twice.
     */
    replay: async (ctx: Ctx, id: number, deliveryId: number): Promise<WebhookDeliveryDto> => {
      const out = await data.withTenant(ctx, async ({ tx }) => {
        manager(ctx);
        await of(tx, ctx, id);
        const d = await repo.delivery(tx, ctx.companyId, id, deliveryId, true);
        if (!d) throw new AppError('ERR_NO_WEBHOOK_FOUND');
        if (d.status === 'pending') return { row: d, queued: false };
        const row = await repo.requeue(tx, ctx.companyId, d.id);
        await deps.jobs.enqueue(tx, 'webhook.deliver', { companyId: ctx.companyId, deliveryId: d.id, attempts: row.attempts, round: 1 });
        return { row, queued: true };
      });
      if (out.queued) deps.jobs.notify('webhook.deliver');
      return repo.toDeliveryDto(out.row);
    },

    /** `POST /webhooks/:id/test`: a `webhook.ping` delivery, logged like any other (a paused webhook's ping is recorded failed). */
    test: async (ctx: Ctx, id: number): Promise<WebhookDeliveryDto> => {
      const row = await data.withTenant(ctx, async ({ tx }) => {
        manager(ctx);
        const w = await of(tx, ctx, id);
        const [made] = await deps.outbox.queue(tx, ctx.companyId, WEBHOOK_PING_EVENT, [w.id], { webhook: { id: w.id, name: w.name } });
        return repo.delivery(tx, ctx.companyId, id, made!.id);
      });
      deps.jobs.notify('webhook.deliver');
      return repo.toDeliveryDto(row!);
    },
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;
