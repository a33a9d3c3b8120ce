// The campaigns module's one door (issue 13 §5): campaigns, their settings, the send ledger and
// its runner (dispatch windows, exactly-once sends, confirmations, acks), and their live channel.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { createNumberHealth, type NumberHealth } from '../number-health';
import type { CloudAccount } from '../whatsapp';
import { registerCampaignListeners } from './campaigns.listeners';
import { campaignsRoutes } from './campaigns.routes';
import { createCampaignRunner, type RunnerOptions } from './campaigns.runner';
import { createCampaignsService } from './campaigns.service';
import { moveContact } from './campaigns.repository';

export { createCampaignsService, type CampaignsService } from './campaigns.service';
export { createCampaignRunner, paceWindow, renderCampaignText, type CampaignRunner, type RunnerOptions } from './campaigns.runner';
export { campaignsJobQueues } from './campaigns.job-types';

/** The verb the contact merge runs in its transaction: a merged contact's campaign sends (decision 0360). */
export const campaignsWrites = { moveContact };

/** The sweep's tick: scheduled campaigns start within a minute even if their own job was lost. */
export const CAMPAIGNS_SWEEP_CRON = '* * * * *';

export const campaignsModule = defineModule({
  name: 'campaigns',
  dependsOn: ['companies', 'contacts', 'tickets', 'messages', 'whatsapp', 'audit'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; clock: Clock; media: MediaStore; numberHealth?: NumberHealth; campaignRunner?: RunnerOptions; cloudAccount?: CloudAccount }) => {
    const service = createCampaignsService({ data: k.data, jobs: k.jobs, clock: k.clock, media: k.media, templates: k.cloudAccount });
    const health = k.numberHealth ?? createNumberHealth({ data: k.data, clock: k.clock });
    const runner = createCampaignRunner({ data: k.data, jobs: k.jobs, clock: k.clock, health, templates: k.cloudAccount, options: k.campaignRunner });
    const log = (err: unknown, what: string) => k.app.log.error({ err }, `${what} failed`);
    return {
      routes: campaignsRoutes(service),
      start: async (rt) => {
        registerCampaignListeners(k.bus, rt, service, runner, log);
        await k.jobs.work('campaign.dispatch', (d, meta) => runner.dispatch(d, meta));
        await k.jobs.work('campaign.send', (d) => runner.send(d));
        await k.jobs.work('campaigns.sweep', () => runner.sweep().then(() => undefined));
        await k.jobs.schedule('campaigns.sweep', CAMPAIGNS_SWEEP_CRON, { expireInSeconds: 55 });
        // A process that starts resumes what a dead one left (the sweep would, within a minute).
        await runner.sweep().catch((err: unknown) => log(err, 'campaigns resume'));
      },
    };
  },
});
