// The webhooks module's one door (issue 15 §5): a company's signed outbound webhooks, the outbox
// that turns domain events into deliveries, and the `webhook.deliver` worker.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Config } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import { createOutbox } from './webhooks.outbox';
import { createDeliveryPruner } from './webhooks.prune';
import { webhooksRoutes } from './webhooks.routes';
import { createWebhookSender, DEFAULT_DELIVERY_LIMITS, SHARE_WAIT_MS, tenantShare, type DeliveryLimits } from './webhooks.sender';
import { createWebhooksService } from './webhooks.service';

export { signatureHeader, verifySignature } from '../../lib/signature';
export { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits } from './webhooks.sender';
export { createDeliveryPruner, DEFAULT_PRUNE_LIMITS, type PruneLimits, type PruneRun } from './webhooks.prune';
export { webhooksJobQueues } from './webhooks.job-types';

/**
 * Delivery jobs run this many at a time per process (they mostly wait on receivers), at most
 * TENANT_JOBS of them one company's (a job over it waits SHARE_WAIT_MS for a place, then is put
 * back): one company's slow receivers (10 s a try) never hold up another's (issue 28 §11).
 */
const WORKERS = 16;
/** A job over its company's share comes back after this long. */
const DEFER_SECONDS = 2;
/** Once a day at 03:40 UTC (00:40 in São Paulo): the delivery log is pruned (decision 0320). */
export const PRUNE_CRON = '40 3 * * *';
const PRUNE_EXPIRES_SECONDS = 15 * 60;

export const webhooksModule = defineModule({
  name: 'webhooks',
  dependsOn: ['companies', 'audit', 'contacts', 'tickets', 'messages'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; config: Config; webhookLimits?: DeliveryLimits }) => {
    // Hand-built test configs have no key: a per-process one, so nothing sealed outlives the process.
    const key = k.config.waEncryptionKey ?? randomBytes(32);
    const allowPrivateHosts = k.config.allowPrivateHosts;
    const outbox = createOutbox({ data: k.data, jobs: k.jobs, log: k.app.log });
    const sender = createWebhookSender({ data: k.data, jobs: k.jobs, key, allowPrivateHosts, limits: k.webhookLimits ?? DEFAULT_DELIVERY_LIMITS });
    const pruner = createDeliveryPruner({ data: k.data });
    return {
      routes: webhooksRoutes(createWebhooksService({ data: k.data, jobs: k.jobs, key, allowPrivateHosts, outbox })),
      start: async () => {
        outbox.listen(k.bus);
        const share = tenantShare();
        await k.jobs.work(
          'webhook.deliver',
          async (job) => {
            if (!(await share.enter(job.companyId, SHARE_WAIT_MS))) {
              // Put back, not waited for longer: a waiting job holds a worker another company needs.
              // Its rows stay pending and untried, so the job that comes back finds them as they are.
              await k.jobs.enqueueNow('webhook.deliver', job, { startAfterSeconds: DEFER_SECONDS, asQueued: true });
              return;
            }
            try {
              await sender.run(job);
            } finally {
              share.leave(job.companyId);
            }
          },
          { workers: WORKERS },
        );
        await k.jobs.work('webhooks.prune', async () => {
          const run = await pruner.run();
          if (run.old + run.overCap > 0) k.app.log.info({ webhookDeliveries: run }, 'webhook delivery log pruned');
        });
        await k.jobs.schedule('webhooks.prune', PRUNE_CRON, { expireInSeconds: PRUNE_EXPIRES_SECONDS });
      },
    };
  },
});
