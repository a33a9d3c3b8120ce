// Every job queue of the server, joined from the modules' own declarations (their
// `<m>.job-types.ts`, issue 27 §4): `Jobs.start` creates them. The type demands every job name a
// module declared and nothing else, and that a queue is cron exactly when its module says so.
import type { CronJobName, JobName, JobQueueKind } from './infra/jobs';
import { assignmentJobQueues } from './modules/assignment';
import { billingJobQueues } from './modules/billing';
import { botJobQueues } from './modules/bot';
import { campaignsJobQueues } from './modules/campaigns';
import { contactListsJobQueues } from './modules/contact-lists';
import { copilotJobQueues } from './modules/copilot';
import { messagesJobQueues } from './modules/messages';
import { schedulesJobQueues } from './modules/schedules';
import { slaJobQueues } from './modules/sla';
import { ticketsJobQueues } from './modules/tickets';
import { timersJobQueues } from './modules/timers';
import { webhooksJobQueues } from './modules/webhooks';
import { whatsappJobQueues } from './modules/whatsapp';

export const JOB_QUEUES = { ...assignmentJobQueues, ...billingJobQueues, ...botJobQueues, ...campaignsJobQueues, ...contactListsJobQueues, ...copilotJobQueues, ...messagesJobQueues, ...schedulesJobQueues, ...slaJobQueues, ...ticketsJobQueues, ...timersJobQueues, ...webhooksJobQueues, ...whatsappJobQueues } as const satisfies Record<JobName, JobQueueKind>;

type CronIn<T> = { [K in keyof T]: T[K] extends 'cron' ? K : never }[keyof T];
/** Compiles only while the queues made 'stately' are exactly the declared cron jobs. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CRON_QUEUES_MATCH: Same<CronIn<typeof JOB_QUEUES>, CronJobName> = true;
