// The schedules module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `schedulesJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /**
     * One schedule (or follow-up) due at its sendAt (issue 13 §1–2). `sendAt`: the time it was
     * planned for (ISO); a job for a schedule edited since, or already sent, does nothing.
     */
    'schedule.send': { companyId: number; scheduleId: number; sendAt?: string };
    /** Past-due and missed schedules across companies (the server was down): a cron job. */
    'schedules.sweep': Record<string, never>;
  }
  interface CronJobs {
    'schedules.sweep': true;
  }
}

export const schedulesJobQueues = { 'schedule.send': 'queue', 'schedules.sweep': 'cron' } as const satisfies JobQueues;
