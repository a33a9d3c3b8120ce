// The copilot module's one door (issue 32): the agent's assistant over the company's own
// OpenAI-compatible endpoint — its settings, metering, suggested replies and summaries.
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Config } from '../../infra/config';
import { defineModule } from '../../infra/module';
import { createBreaker } from './copilot.breaker';
import { copilotRoutes } from './copilot.routes';
import { copilotSecrets } from './copilot.secrets';
import { createCopilotService } from './copilot.service';

export { createCopilotService, type CopilotService } from './copilot.service';
export { createBreaker, type Breaker } from './copilot.breaker';
export { copilotSecrets } from './copilot.secrets';

/** A model call's budget, and the breaker's: three failures in a row keep the model alone for 30 s (decision 0403). */
export const COPILOT_TIMEOUT_MS = 20_000;
export const COPILOT_BREAKER = { threshold: 3, cooldownMs: 30_000 } as const;

export const copilotModule = defineModule({
  name: 'copilot',
  dependsOn: ['audit', 'tickets', 'messages', 'quick-messages', 'knowledge'],
  setup: (k: { data: DataAccess; config: Config; clock: Clock }) => ({
    routes: copilotRoutes(
      createCopilotService({
        data: k.data,
        secrets: copilotSecrets(k.config),
        breaker: createBreaker({ ...COPILOT_BREAKER, now: () => k.clock.now().getTime() }),
        timeoutMs: COPILOT_TIMEOUT_MS,
        allowPrivateHosts: k.config.allowPrivateHosts,
        now: () => k.clock.now(),
      }),
    ),
  }),
});
