import type { Jobs } from '../../../infra/jobs';
import type { JobRouting } from '../job-routing';
import type { SessionManager } from '../session-manager';
import { ChannelError } from '../whatsapp.port';
import { CloudChannel } from './cloud.channel';

/**
 * Workers of `cloud.webhook`: a stored change goes to its connection's live CloudChannel, whose
 * events enter the same inbound pipeline as every channel's. Elsewhere, the job is handed to the
 * process running the connection; running nowhere, it is retried (pg-boss backoff) until it does.
 */
export const registerCloudWebhookJobs = async (deps: { jobs: Jobs; routing: JobRouting; sessions: Pick<SessionManager, 'get'> }) => {
  const here = (whatsappId: number) => {
    const channel = deps.sessions.get(whatsappId);
    return channel instanceof CloudChannel ? channel : undefined;
  };
  const notRunning = (whatsappId: number) => new ChannelError('ERR_WAPP_NOT_INITIALIZED', true, `Cloud connection ${whatsappId} is not running`);
  await deps.jobs.work('cloud.webhook', async (job) => {
    const channel = here(job.whatsappId);
    if (channel) return channel.receive(job.value);
    if (await deps.routing.forwardToOwner('cloud.webhook', job, job.whatsappId)) return;
    throw notRunning(job.whatsappId);
  });
  deps.routing.setWorker('cloud.webhook', async (job) => {
    const channel = here(job.whatsappId);
    if (!channel) throw notRunning(job.whatsappId);
    await channel.receive(job.value);
  });
};
