// The billing module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `billingJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** Once a day: each company's invoice for the coming period, at its plan's value (issue 14 §7). */
    'invoices.generate': Record<string, never>;
  }
  interface CronJobs {
    'invoices.generate': true;
  }
}

export const billingJobQueues = { 'invoices.generate': 'cron' } as const satisfies JobQueues;
