// The copilot module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `copilotJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** A ticket transferred or closed in a company whose copilot summarises then (decision 0405): one summary, off the transition's transaction. */
    'copilot.summary': { companyId: number; ticketId: number; reason: 'transfer' | 'close' };
  }
}

export const copilotJobQueues = { 'copilot.summary': 'queue' } as const satisfies JobQueues;
