// The timers module's one door (issue 12 §3): auto-close, auto-transfer and bot timeouts as one
// pg-boss cron job, each run set-based and bounded (decision 0170).
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import { createTimersService } from './timers.service';

export { createTimersService, DEFAULT_TIMER_LIMITS, type TimerKind, type TimerLimits, type TimersRun, type TimersService } from './timers.service';
export { timersJobQueues } from './timers.job-types';

/** Every minute; a run that outlives this is expired by pg-boss (the next tick starts over). */
export const TIMERS_CRON = '* * * * *';
const RUN_EXPIRES_SECONDS = 5 * 60;

export const timersModule = defineModule({
  name: 'timers',
  dependsOn: ['companies', 'contacts', 'queues', 'tickets', 'messages'],
  setup: (k: { app: FastifyInstance; data: DataAccess; jobs: Jobs; clock: Clock }) => {
    const timers = createTimersService({ data: k.data, jobs: k.jobs, clock: k.clock });
    return {
      start: async () => {
        await k.jobs.work('timers.sweep', async () => {
          const run = await timers.run();
          if (run.autoClose + run.autoTransfer + run.botTimeout > 0) k.app.log.info({ timers: run }, 'timers fired');
        });
        await k.jobs.schedule('timers.sweep', TIMERS_CRON, { expireInSeconds: RUN_EXPIRES_SECONDS });
      },
    };
  },
});
