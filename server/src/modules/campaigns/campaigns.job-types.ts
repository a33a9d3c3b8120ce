// The campaigns module's jobs (issue 27 §4): their payloads join infra/jobs.ts's registry by
// declaration merging, and their queues are created from `campaignsJobQueues` (server/src/job-queues.ts).
import type { JobQueues } from '../../infra/jobs';

declare module '../../infra/jobs' {
  interface JobPayloads {
    /** A running campaign's next window of sends (issue 13 §5): claims ledger rows, enqueues them. */
    'campaign.dispatch': { companyId: number; campaignId: number };
    /** One ledger row of a campaign: claimed before sending, so it is sent exactly once. */
    'campaign.send': { companyId: number; campaignId: number; shippingId: number; /** More rows due at the same moment (no pacing): each claimed on its own. */ more?: number[] };
    /** Scheduled campaigns whose time came, across companies: a cron job. */
    'campaigns.sweep': Record<string, never>;
  }
  interface CronJobs {
    'campaigns.sweep': true;
  }
}

export const campaignsJobQueues = { 'campaign.dispatch': 'queue', 'campaign.send': 'queue', 'campaigns.sweep': 'cron' } as const satisfies JobQueues;
