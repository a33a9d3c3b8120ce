// The webhooks module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `webhooksJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /**
     * Signed deliveries of a company's outbound webhooks (issue 15 §5): the outbox queues a batch of
     * fresh ones (`deliveryIds`, issue 26); a retry with backoff is one delivery (`deliveryId`).
     */
    'webhook.deliver': {
      companyId: number;
      deliveryId?: number;
      /** Fresh deliveries (no try yet), sent together: one read, one write for all of them. */
      deliveryIds?: number[];
      /** The row's `attempts` when this job was queued: a job that finds it moved on is a duplicate and does nothing. */
      attempts?: number;
      /** Which try of the current round (1 = first; a replay starts a new round). */
      round?: number;
    };
    /** Once a day: the webhook delivery log's old and over-cap rows, across companies (decision 0320). */
    'webhooks.prune': Record<string, never>;
  }
  interface CronJobs {
    'webhooks.prune': true;
  }
}

export const webhooksJobQueues = { 'webhook.deliver': 'queue', 'webhooks.prune': 'cron' } as const satisfies JobQueues;
