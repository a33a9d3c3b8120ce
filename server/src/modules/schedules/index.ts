// The schedules module's one door (issue 13 §1–2): scheduled messages and follow-ups that cancel
// themselves, each sent at its time by a pg-boss job; a cron sweep sends what a down server missed.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import type { MediaStore } from '../../infra/media-store';
import { defineModule } from '../../infra/module';
import { createNumberHealth } from '../number-health';
import { registerScheduleListeners } from './schedules.listeners';
import { schedulesRoutes } from './schedules.routes';
import { createScheduleSender } from './schedules.sender';
import { createSchedulesService } from './schedules.service';
import { moveContact } from './schedules.repository';

export { createSchedulesService, type SchedulesService } from './schedules.service';
export { createScheduleSender, DEFAULT_SENDER_LIMITS, SCHEDULE_MAX_TRIES, type ScheduleSender, type SendOutcome, type SenderLimits } from './schedules.sender';
export { schedulesJobQueues } from './schedules.job-types';

/** The verb the contact merge runs in its transaction: a merged contact's schedules (decision 0360). */
export const schedulesWrites = { moveContact };

/** Every minute (and once at start): past-due schedules the planned jobs missed. */
export const SCHEDULES_CRON = '* * * * *';
const SWEEP_EXPIRES_SECONDS = 5 * 60;

export const schedulesModule = defineModule({
  name: 'schedules',
  dependsOn: ['companies', 'contacts', 'tickets', 'whatsapp', 'messages', 'audit'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; clock: Clock; media: MediaStore }) => {
    const health = createNumberHealth({ data: k.data, clock: k.clock });
    const sender = createScheduleSender({ data: k.data, jobs: k.jobs, clock: k.clock, health, log: k.app.log });
    const sweep = async () => {
      const run = await sender.sweep();
      if (run.tried > 0) k.app.log.info({ schedules: run }, 'past-due schedules tried');
    };
    return {
      routes: schedulesRoutes(createSchedulesService({ data: k.data, jobs: k.jobs, clock: k.clock, media: k.media })),
      start: async (rt) => {
        registerScheduleListeners(k.bus, rt);
        // The customer answered: their ticket's follow-ups are cancelled at once (the banner goes).
        // A crash before this runs loses nothing: the send job reads the messages table before
        // sending a follow-up and cancels it there (decision 0215).
        k.bus.on('message.created', (e) => {
          // The pipeline says whether the ticket has any (a query per message otherwise).
          if (e.message.fromMe || e.ticket.isGroup || e.inbound?.followUps === false) return;
          return sender.cancelFollowUps(e.companyId, e.ticket.id, e.message.id).catch((err: unknown) => k.app.log.error({ err }, 'cancelling follow-ups failed'));
        });
        await k.jobs.work('schedule.send', async (job) => {
          await sender.runJob(job);
        });
        await k.jobs.work('schedules.sweep', sweep);
        await k.jobs.schedule('schedules.sweep', SCHEDULES_CRON, { expireInSeconds: SWEEP_EXPIRES_SECONDS });
        // Once at start: what came due while the server was down goes out now, not at the next minute.
        void sweep().catch((err: unknown) => k.app.log.error({ err }, 'the start sweep failed'));
      },
    };
  },
});
