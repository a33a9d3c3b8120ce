// The sla module's one door (issue 30 §3): SLA policies in business hours, each ticket's clocks,
// warnings before a breach and breaches kept.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import { aroundTheClock, calendar } from './sla.calendar';
import { registerSlaListeners } from './sla.listeners';
import { slaRoutes } from './sla.routes';
import { createSlaService } from './sla.service';

export { createSlaService, SLA_CONFIG_TTL_MS, type SlaService } from './sla.service';
export { businessMs, deadline, type BusinessCalendar, type BusinessPeriod } from './business-time';

/** Reads other modules run in their own transaction: the company's business calendar (the dashboard's business minutes). */
export const slaQueries = { aroundTheClock, calendar };
export { slaJobQueues } from './sla.job-types';

/** Every minute: a warning is at most a minute late on a target of minutes, hours or days. */
export const SLA_SWEEP_CRON = '* * * * *';

export const slaModule = defineModule({
  name: 'sla',
  dependsOn: ['companies', 'queues', 'tickets'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; clock: Clock }) => {
    const sla = createSlaService({ data: k.data, clock: k.clock });
    const log = (err: unknown) => k.app.log.error({ err }, 'sla failed');
    return {
      routes: slaRoutes(sla),
      start: async (rt) => {
        registerSlaListeners(k.bus, rt, sla, log);
        await k.jobs.work('sla.sweep', async () => {
          const alerts = await sla.sweep();
          if (alerts > 0) k.app.log.info({ alerts }, 'sla alerts');
        });
        await k.jobs.schedule('sla.sweep', SLA_SWEEP_CRON, { expireInSeconds: 60 });
      },
    };
  },
});
