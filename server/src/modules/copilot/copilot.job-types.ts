// The copilot module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `copilotJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** A ticket transferred or closed in a company whose copilot summarises then (decision 0405): one summary, off the transition's transaction. */
    'copilot.summary': { companyId: number; ticketId: number; reason: 'transfer' | 'close' };
    /** A customer's message in a company that translates (decision 0440): its language, and its translation stored beside it. */
    'copilot.translate': { companyId: number; messageId: number };
    /** A voice note in a company that transcribes (decision 0441): its words stored beside it. */
    'copilot.transcribe': { companyId: number; messageId: number };
  }
}

export const copilotJobQueues = { 'copilot.summary': 'queue', 'copilot.translate': 'queue', 'copilot.transcribe': 'queue' } as const satisfies JobQueues;
