// The timers module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `timersJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** The ticket timers (auto-close, auto-transfer, bot timeouts): a cron job, one run at a time in the cluster. */
    'timers.sweep': Record<string, never>;
  }
  interface CronJobs {
    'timers.sweep': true;
  }
}

export const timersJobQueues = { 'timers.sweep': 'cron' } as const satisfies JobQueues;
