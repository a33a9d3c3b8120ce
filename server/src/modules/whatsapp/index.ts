// The whatsapp module's one door (decision 0015): connections, sessions and the channel port.
// It adapts channels (Baileys, sandbox) and hands their events to a `ChannelSink` (decision 0016).
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { DEFAULT_WHATSAPP_CLOUD_PRICES, type Config } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import { registerContactPictureJobs, type ContactPictures } from './contact-pictures';
import type { JobRouting } from './job-routing';
import { phoneImportRoutes } from './phone-import.routes';
import { createPhoneImport } from './phone-import.service';
import { sandboxRoutes } from './sandbox/sandbox.routes';
import type { SessionManager } from './session-manager';
import { registerWhatsappListeners } from './whatsapp.listeners';
import { byApiTokenHash, clearIntegration, clearPrompt, connectedIds, get, getDefault, insert } from './whatsapp.repository';
import { whatsappRoutes } from './whatsapp.routes';
import { createWhatsappService } from './whatsapp.service';
import { cloudSecrets } from './cloud/cloud-secrets';
import { registerCloudWebhookJobs } from './cloud/cloud-webhook.jobs';
import { cloudWebhookRoutes } from './cloud/cloud-webhook.routes';
import { createCloudWebhook } from './cloud/cloud-webhook.service';
import { cloudAccountRoutes } from './cloud/cloud-account.routes';
import type { CloudAccount } from './cloud/cloud-account.service';
import { createCloudCosts } from './cloud/cloud-costs';
import { replyCarrier } from './failover';
import { countTemplateSend } from './cloud/template-sends';

export * from './whatsapp.port';
export { REVOKED_BODY, type ListContent, type OutboundMedia, type SendableKind, type TemplateContent } from './channel-content';
export { createCloudAccount, type CloudAccount } from './cloud/cloud-account.service';
export { templateContent } from './cloud/cloud-templates';
export { SessionManager, type SessionManagerDeps, type CloudSessionDeps } from './session-manager';
export { cloudSecrets, type CloudSecrets } from './cloud/cloud-secrets';
export { createJobRouting, type JobRouting } from './job-routing';
export { createContactPictures, PICTURE_MAX_AGE_MS, registerContactPictureJobs, type ContactPictures } from './contact-pictures';
export { createWhatsappService, type WhatsappService } from './whatsapp.service';
export { createPhoneImport, type PhoneImport } from './phone-import.service';
export type { BaileysSocketFactory } from './baileys/socket';
export { WaVersionCache } from './baileys/wa-version';
export type { SandboxTiming } from './sandbox/sandbox.channel';
export type { WhatsappRow } from './whatsapp.repository';

/** Reads and writes of connections other modules run inside their own transaction (the SQL stays here). */
export const whatsappQueries = { get, getDefault, insert, clearIntegration, clearPrompt, connectedIds, byApiTokenHash, replyCarrier };
/** The whatsapp module's verbs other modules call in their own transaction: a template send counted against the plan's monthly cap (messages). */
export const whatsappWrites = { countTemplateSend };
export { hashApiToken, newApiToken, sameHash } from './api-token';
export { whatsappJobQueues } from './whatsapp.job-types';

export const whatsappModule = defineModule({
  name: 'whatsapp',
  dependsOn: ['queues', 'users', 'contacts'],
  setup: (k: { config: Config; data: DataAccess; bus: EventBus; jobs: Jobs; sessions: SessionManager; routing: JobRouting; pictures: ContactPictures; cloudAccount: CloudAccount; clock: Clock }) => {
    const { config, data, jobs, sessions, routing, pictures } = k;
    const secrets = cloudSecrets(config);
    const whatsapp = createWhatsappService({ data, sessions, sandboxEnabled: config.sandboxEnabled, routing, cloudSecrets: secrets });
    const cloudWebhook = createCloudWebhook({ data, jobs, secrets, clock: k.clock });
    const cloud = config.whatsappCloud;
    const cloudCosts = createCloudCosts({ data, clock: k.clock, prices: cloud?.prices ?? DEFAULT_WHATSAPP_CLOUD_PRICES, currency: cloud?.currency ?? 'USD' });
    const phoneImport = createPhoneImport({ data, jobs });
    return {
      // Meta calls the Cloud API webhook without a session: the signature is its authentication.
      publicRoutes: cloudWebhookRoutes(cloudWebhook),
      routes: async (app) => {
        await app.register(whatsappRoutes(whatsapp));
        await app.register(phoneImportRoutes(phoneImport));
        await app.register(cloudAccountRoutes(k.cloudAccount, cloudCosts));
        if (config.sandboxEnabled) await app.register(sandboxRoutes({ sessions, data }));
      },
      start: async (rt) => {
        registerWhatsappListeners(k.bus, rt);
        await registerContactPictureJobs({ jobs, routing, pictures, channelOf: (id) => sessions.sender(id) });
        await registerCloudWebhookJobs({ jobs, routing, sessions });
        // The book is stored, so any process imports it (no job routing).
        await jobs.work('contact.import', async (job, meta) => void (await phoneImport.run(job, meta)));
      },
    };
  },
});
