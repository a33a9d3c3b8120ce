// The whatsapp module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `whatsappJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';
import type { CloudChangeValue } from './cloud/map-inbound';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** An admin's session action, for the process holding the connection's socket (`at`: when it was asked). */
    'session.command': { companyId: number; whatsappId: number; action: 'start' | 'restart' | 'logout'; phoneNumber?: string; at: string };
    /** The contact's WhatsApp profile picture, looked up at most once a day (server-behaviour §5.4). */
    'contact.picture': { companyId: number; contactId: number; whatsappId: number };
    /** The phone's address book of a connection (its stored copy) becomes contacts; one per company at a time. */
    'contact.import': { companyId: number; whatsappId: number };
    /** A verified Cloud API webhook's change for one connection (issue 29): stored first, then worked where the channel is. */
    'cloud.webhook': { companyId: number; whatsappId: number; value: CloudChangeValue };
  }
  /** Run on the connection's own queue, where its socket is. */
  interface ConnectionJobs {
    'session.command': true;
    'contact.picture': true;
    'cloud.webhook': true;
  }
}

export const whatsappJobQueues = { 'session.command': 'queue', 'contact.picture': 'queue', 'contact.import': 'queue', 'cloud.webhook': 'queue' } as const satisfies JobQueues;
