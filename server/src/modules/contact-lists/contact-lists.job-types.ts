// The contact-lists module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `contactListsJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** A contact list's numbers checked on WhatsApp through a connection (issue 13 §3). */
    'contact-list.check': { companyId: number; contactListId: number };
  }
  /** Run on the connection's own queue, where its socket is. */
  interface ConnectionJobs {
    'contact-list.check': true;
  }
}

export const contactListsJobQueues = { 'contact-list.check': 'queue' } as const satisfies JobQueues;
