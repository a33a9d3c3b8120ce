// The copilot module's one door (issue 32): the agent's assistant over the company's own
// OpenAI-compatible endpoint — its settings, metering, suggested replies, summaries, translation
// and voice-note transcripts.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Config } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { createBreaker } from './copilot.breaker';
import { createMessagesService } from '../messages';
import { registerCopilotListeners, registerTranslationListeners } from './copilot.listeners';
import { copilotRoutes } from './copilot.routes';
import { copilotSecrets } from './copilot.secrets';
import { createCopilotService } from './copilot.service';
import { createTranslationService } from './copilot.translation';

export { createCopilotService, type CopilotService } from './copilot.service';
export { createBreaker, type Breaker } from './copilot.breaker';
export { copilotSecrets } from './copilot.secrets';
export { copilotJobQueues } from './copilot.job-types';
export { summaryReason } from './copilot.listeners';
export { createTranslationService, wants, type TranslationService } from './copilot.translation';
export { guessLanguage } from './copilot.language';

/** A model call's budget, and the breaker's: three failures in a row keep the model alone for 30 s (decision 0403). */
export const COPILOT_TIMEOUT_MS = 20_000;
export const COPILOT_BREAKER = { threshold: 3, cooldownMs: 30_000 } as const;

export const copilotModule = defineModule({
  name: 'copilot',
  dependsOn: ['audit', 'companies', 'queues', 'tags', 'tickets', 'messages', 'quick-messages', 'knowledge', 'helps'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; config: Config; clock: Clock; media: MediaStore }) => {
    // One breaker for every feature: a model that is down is down for drafts and translations alike.
    const model = {
      data: k.data,
      secrets: copilotSecrets(k.config),
      breaker: createBreaker({ ...COPILOT_BREAKER, now: () => k.clock.now().getTime() }),
      timeoutMs: COPILOT_TIMEOUT_MS,
      allowPrivateHosts: k.config.allowPrivateHosts,
      now: () => k.clock.now(),
    };
    // The translated send goes through the messages module's own verb: its checks, outbox id and events.
    const messages = createMessagesService({ data: k.data, jobs: k.jobs, clock: k.clock });
    const translation = createTranslationService({ ...model, jobs: k.jobs, media: k.media, send: messages.send });
    const copilot = createCopilotService({ ...model, jobs: k.jobs, onSettingsSaved: translation.forget });
    const log = (err: unknown) => k.app.log.error({ err }, 'copilot summary failed');
    return {
      routes: copilotRoutes(copilot, translation),
      start: async (rt) => {
        registerCopilotListeners(k.bus, copilot.queueAutoSummary, log);
        registerTranslationListeners(k.bus, rt, translation.queue, (err) => k.app.log.error({ err }, 'copilot translation not queued'));
        await k.jobs.work('copilot.translate', async (p) => {
          const outcome = await translation.translateInbound(p);
          if (outcome.startsWith('ERR_')) k.app.log.warn({ companyId: p.companyId, messageId: p.messageId, outcome }, 'no translation');
        });
        await k.jobs.work('copilot.transcribe', async (p) => {
          const outcome = await translation.transcribeVoice(p);
          if (outcome.startsWith('ERR_')) k.app.log.warn({ companyId: p.companyId, messageId: p.messageId, outcome }, 'no transcript');
        });
        await k.jobs.work('copilot.summary', async (p) => {
          const outcome = await copilot.autoSummary(p);
          if (typeof outcome === 'string' && outcome !== 'off') k.app.log.warn({ companyId: p.companyId, ticketId: p.ticketId, outcome }, 'no automatic summary');
        });
      },
    };
  },
});
