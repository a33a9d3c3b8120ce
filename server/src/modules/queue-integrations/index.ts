// The queue-integrations module's one door (issue 12): typebot, n8n, webhook and Dialogflow
// integrations (CRUD, the Dialogflow test) and the bot engine's responder for them.
import { randomBytes } from 'node:crypto';
import type { DataAccess } from '../../db/tenant';
import type { Config } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { TokenCache } from './clients/dialogflow';
import { DEFAULT_HTTP, type HttpOptions } from './clients/http';
import { registerQueueIntegrationListeners } from './queue-integrations.listeners';
import { queueIntegrationsRoutes } from './queue-integrations.routes';
import { createQueueIntegrationsService, type IntegrationDeps } from './queue-integrations.service';

export { createIntegrationResponder } from './responder';
export { createQueueIntegrationsService, type QueueIntegrationsService } from './queue-integrations.service';

export const DIALOGFLOW_BASE_URL = 'https://dialogflow.googleapis.com';

/**
 * What the service and the responder share: the sealing key (hand-built test configs have none:
 * a per-process key, so nothing sealed outlives the process), Dialogflow's base URL, bounds.
 */
export const integrationDeps = (k: { data: DataAccess; config: Config }, opts: { dialogflowBaseUrl?: string; http?: Omit<HttpOptions, 'allowPrivateHosts'>; now?: () => number } = {}): IntegrationDeps => ({
  data: k.data,
  key: k.config.waEncryptionKey ?? randomBytes(32),
  dialogflowBaseUrl: opts.dialogflowBaseUrl ?? process.env.DIALOGFLOW_BASE_URL ?? DIALOGFLOW_BASE_URL,
  // Every call, the token_uri of a Dialogflow account included, goes through the private-network guard.
  http: { ...(opts.http ?? DEFAULT_HTTP), allowPrivateHosts: k.config.allowPrivateHosts },
  tokens: new TokenCache(),
  now: opts.now ?? Date.now,
  allowPrivateHosts: k.config.allowPrivateHosts,
});

export const queueIntegrationsModule = defineModule({
  name: 'queue-integrations',
  dependsOn: ['companies', 'queues', 'whatsapp'],
  setup: (k: { integrationDeps: IntegrationDeps; bus: EventBus }) => ({
    routes: queueIntegrationsRoutes(createQueueIntegrationsService(k.integrationDeps)),
    start: (rt) => registerQueueIntegrationListeners(k.bus, rt),
  }),
});

export type { IntegrationDeps };
