// The tickets module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `ticketsJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** Every minute: the ticket count deltas folded, one row per company and status (decision 0322). */
    'tickets.counts': Record<string, never>;
  }
  interface CronJobs {
    'tickets.counts': true;
  }
}

export const ticketsJobQueues = { 'tickets.counts': 'cron' } as const satisfies JobQueues;
