// The bot module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `botJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /**
     * The bot's turn on a customer's stored message (issue 12): keyed on the message, so a redelivery
     * decides nothing twice. `deferrals`: how many times it waited for an earlier message's turn (decision 0199).
     */
    'bot.turn': { companyId: number; ticketId: number; messageId: number; body: string; mediaType: string | null; mediaUrl: string | null; deferrals?: number };
  }
}

export const botJobQueues = { 'bot.turn': 'queue' } as const satisfies JobQueues;
