// The sla module's jobs: their payloads join infra/jobs.ts's registry by declaration merging, and
// their queues are created from `slaJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** Every minute: SLA warnings and breaches due by now are stamped and announced. */
    'sla.sweep': Record<string, never>;
  }
  interface CronJobs {
    'sla.sweep': true;
  }
}

export const slaJobQueues = { 'sla.sweep': 'cron' } as const satisfies JobQueues;
