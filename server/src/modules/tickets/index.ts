// The tickets module's one door (decision 0015): tickets, their transitions, who may see them.
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import type { FastifyInstance } from 'fastify';
import { clearPrompt, findLive, foldCounts, get, getMany, liveOrOpen, loadDto, loadDtos, remove, spans, ticketFromJson, touchAfterReceive, touchAfterSend, touchAfterSendMany } from './tickets.repository';
import { registerTicketListeners } from './tickets.listeners';
import { ticketsRoutes } from './tickets.routes';
import { createTicketsService } from './tickets.service';
import type { TicketMessaging } from './tickets.transitions';
import { recordEvents, recordEventsMany } from './ticket-events.repository';
import { fireTimer } from './tickets.timed';
import { applyBotState, insertClosed, setFacts } from './tickets.automation';
import { ticketSockets } from './tickets.socket';
import { collisionSockets } from './tickets.collision';
import { assignMany, reassign } from './tickets.assign';
import { moveContact } from './tickets.merge';
import { lockSla, setSla, slaDue } from './tickets.sla';

export { createTicketsService, type TicketsService } from './tickets.service';
export type { TicketRow } from './tickets.repository';
export type { TicketMessaging } from './tickets.transitions';
export type { TimelineEntry } from './ticket-events.repository';
export type { TimedTicket, TimerGuard, TimerKind } from './tickets.timed';
export type { AutomationState, TicketFacts } from './tickets.automation';
export type { AssignPick } from './tickets.assign';
export type { MergeClosed } from './tickets.merge';
export type { SlaTicket } from './tickets.sla';
export { canSee, ticketRooms, visibleSql } from './visibility';
export { visibleTicket } from './visible-ticket';
export { ticketsJobQueues } from './tickets.job-types';

/**
 * Reads of tickets and the verbs other modules run inside their own transaction (the SQL stays
 * here). None sets a ticket's status, queue or agent except through the transition table:
 * `applyBotState` (the bot), `fireTimer` (timers), `assignMany` / `reassign` (assignment, as an accept), `moveContact` (a contact merge closing the
 * second live ticket on a connection); the rest set facts (`setSla`: the SLA clocks) or append the timeline.
 */
export const ticketsQueries = { applyBotState, assignMany, clearPrompt, findLive, fireTimer, foldCounts, get, getMany, insertClosed, liveOrOpen, loadDto, loadDtos, lockSla, moveContact, reassign, recordEvents, recordEventsMany, remove, setFacts, setSla, slaDue, spans, ticketFromJson, touchAfterReceive, touchAfterSend, touchAfterSendMany };

/** Every minute: the count deltas of the minute folded (decision 0322); a fold that outlives it is expired. */
export const TICKET_COUNTS_CRON = '* * * * *';

export const ticketsModule = defineModule({
  name: 'tickets',
  dependsOn: ['contacts', 'queues', 'users'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; clock: Clock; ticketMessaging: TicketMessaging }) => {
    const tickets = createTicketsService({ data: k.data, jobs: k.jobs, clock: k.clock, messaging: k.ticketMessaging });
    return {
      routes: ticketsRoutes(tickets),
      start: async (rt) => {
        registerTicketListeners(k.bus, rt);
        await k.jobs.work('tickets.counts', async () => {
          await k.data.withSystem('tickets:counts', ({ tx }) => foldCounts(tx));
        });
        await k.jobs.schedule('tickets.counts', TICKET_COUNTS_CRON, { expireInSeconds: 60 });
        // A deleted agent's open tickets go back to their queues (decision 0110).
        k.bus.on('user.deleted', (e) => void tickets.releaseOrphaned(e.companyId, e.userId).catch((err: unknown) => k.app.log.error({ err }, 'releasing a deleted user’s tickets failed')));
        rt.use(ticketSockets({ data: k.data, tickets, log: k.app.log }));
        rt.use(collisionSockets({ data: k.data, realtime: rt, log: k.app.log }));
      },
    };
  },
});
