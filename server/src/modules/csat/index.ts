// The csat module's one door (issue 30 §4): a closed ticket's 1–5 satisfaction survey, asked
// after close, answered without reopening the ticket it rates, and its ratings per agent, queue
// and period.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { CloudAccount } from '../whatsapp';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import { csatRoutes } from './csat.routes';
import { createCsatService } from './csat.service';

export { createCsatService, CSAT_OPEN_MS, type CsatService } from './csat.service';

export const csatModule = defineModule({
  name: 'csat',
  dependsOn: ['companies', 'tickets', 'messages', 'whatsapp'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; clock: Clock; cloudAccount: CloudAccount }) => {
    const csat = createCsatService({ data: k.data, jobs: k.jobs, clock: k.clock, templates: k.cloudAccount, warn: (details, message) => k.app.log.warn(details, message) });
    const log = (err: unknown) => k.app.log.error({ err }, 'csat failed');
    return {
      routes: csatRoutes(csat),
      start: async () => {
        // A close (an event per ticket, not per message) or an answer the ingest already flagged.
        k.bus.on('ticket.updated', (e) => (e.previous && e.ticket.status === 'closed' ? csat.onEvent(e).catch(log) : undefined));
        k.bus.on('message.created', (e) => (e.inbound?.csat ? csat.onEvent(e).catch(log) : undefined));
      },
    };
  },
});
