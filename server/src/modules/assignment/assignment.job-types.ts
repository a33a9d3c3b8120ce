// The assignment module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `assignmentJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /**
     * One per automatic assignment in a queue with `reassignAfterMinutes`, due then: the ticket
     * goes to the next agent unless that assignment was answered or moved on (idempotent).
     */
    'assignment.reassign': { companyId: number; ticketId: number; userId: number; assignedAt: string };
    /** Every minute: companies with tickets waiting in a queue that assigns get a claim (what an event missed). */
    'assignment.sweep': Record<string, never>;
  }
  interface CronJobs {
    'assignment.sweep': true;
  }
}

export const assignmentJobQueues = { 'assignment.reassign': 'queue', 'assignment.sweep': 'cron' } as const satisfies JobQueues;
