// The copilot module's one door (issue 32): the agent's assistant over the company's own
// OpenAI-compatible endpoint — its settings, metering, suggested replies and summaries.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Config } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import { createBreaker } from './copilot.breaker';
import { registerCopilotListeners } from './copilot.listeners';
import { copilotRoutes } from './copilot.routes';
import { copilotSecrets } from './copilot.secrets';
import { createCopilotService } from './copilot.service';

export { createCopilotService, type CopilotService } from './copilot.service';
export { createBreaker, type Breaker } from './copilot.breaker';
export { copilotSecrets } from './copilot.secrets';
export { copilotJobQueues } from './copilot.job-types';
export { summaryReason } from './copilot.listeners';

/** A model call's budget, and the breaker's: three failures in a row keep the model alone for 30 s (decision 0403). */
export const COPILOT_TIMEOUT_MS = 20_000;
export const COPILOT_BREAKER = { threshold: 3, cooldownMs: 30_000 } as const;

export const copilotModule = defineModule({
  name: 'copilot',
  dependsOn: ['audit', 'queues', 'tags', 'tickets', 'messages', 'quick-messages', 'knowledge'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; config: Config; clock: Clock }) => {
    const copilot = createCopilotService({
      data: k.data,
      secrets: copilotSecrets(k.config),
      breaker: createBreaker({ ...COPILOT_BREAKER, now: () => k.clock.now().getTime() }),
      timeoutMs: COPILOT_TIMEOUT_MS,
      allowPrivateHosts: k.config.allowPrivateHosts,
      now: () => k.clock.now(),
      jobs: k.jobs,
    });
    const log = (err: unknown) => k.app.log.error({ err }, 'copilot summary failed');
    return {
      routes: copilotRoutes(copilot),
      start: async () => {
        registerCopilotListeners(k.bus, copilot.queueAutoSummary, log);
        await k.jobs.work('copilot.summary', async (p) => {
          const outcome = await copilot.autoSummary(p);
          if (typeof outcome === 'string' && outcome !== 'off') k.app.log.warn({ companyId: p.companyId, ticketId: p.ticketId, outcome }, 'no automatic summary');
        });
      },
    };
  },
});
