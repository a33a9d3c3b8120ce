// The messages module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `messagesJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

/** What an agent did to a stored message that WhatsApp must be told (issue 9). */
export type MessageAction = 'edit' | 'revoke' | 'react';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /**
     * Delivers a stored outgoing message; with `action`, our edit, delete for everyone or reaction
     * on the stored message `messageId` (its current body / our current reaction are sent).
     * `composeMs`: show "composing" to the customer for this long first (a Typebot's delay; decision 0198).
     * `background`: nobody waits for it right now (a timer's notice; decision 0316).
     */
    /** `waited`: how often it was put back behind an earlier message of its send (issue 28 §5). */
    'message.send': { companyId: number; messageId: number; action?: MessageAction; composeMs?: number; background?: boolean; waited?: number };
    /** An inbound message's media, fetched again through its connection's channel. */
    'media.download': { companyId: number; messageId: number; mimetype: string; fileName?: string };
    /** Blue ticks: the customer's messages on the ticket an agent opened are marked read on WhatsApp. */
    'message.read': { companyId: number; ticketId: number };
  }
  /** Run on the connection's own queue, where its socket is. */
  interface ConnectionJobs {
    'message.send': true;
    'media.download': true;
    'message.read': true;
  }
}

export const messagesJobQueues = { 'message.send': 'queue', 'media.download': 'queue', 'message.read': 'queue' } as const satisfies JobQueues;
