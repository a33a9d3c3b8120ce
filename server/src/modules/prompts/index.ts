// The prompts module's one door (issue 12 item 5): the company's AI prompts (admins, plan
// useOpenAi) and the responder the bot engine calls for a ticket whose queue or connection has one.
import type { DataAccess } from '../../db/tenant';
import type { Config } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { registerPromptListeners } from './prompts.listeners';
import { promptsRoutes } from './prompts.routes';
import { promptSecrets } from './prompts.secrets';
import { createPromptsService } from './prompts.service';

export { createPromptResponder, readReply, TRANSFER_ACTION, type PromptResponderOptions } from './prompt-responder';
export { promptSecrets, type PromptSecrets } from './prompts.secrets';
export { redactPii, redactPiiNumbered, restorePii } from './redact';

export const promptsModule = defineModule({
  name: 'prompts',
  dependsOn: ['audit', 'companies', 'queues'],
  setup: (k: { data: DataAccess; bus: EventBus; config: Config }) => ({
    routes: promptsRoutes(createPromptsService({ data: k.data, secrets: promptSecrets(k.config), allowPrivateHosts: k.config.allowPrivateHosts })),
    start: (rt) => registerPromptListeners(k.bus, rt),
  }),
});
