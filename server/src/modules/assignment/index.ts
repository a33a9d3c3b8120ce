// The assignment module's one door (issue 30 §2): waiting tickets given to the online agents of their queue, by round robin or balance, within capacity.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import type { EventBus } from '../../infra/event-bus';
import type { Jobs } from '../../infra/jobs';
import { defineModule } from '../../infra/module';
import { registerAssignmentListeners } from './assignment.listeners';
import { createAssignmentService } from './assignment.service';

export { CLAIM_BATCH, createAssignmentService, type AssignmentService, type ReassignOutcome } from './assignment.service';
export { assignmentJobQueues } from './assignment.job-types';

/** Every minute: what an event missed (a process that died before its claim) is claimed. */
export const ASSIGNMENT_SWEEP_CRON = '* * * * *';

export const assignmentModule = defineModule({
  name: 'assignment',
  dependsOn: ['queues', 'users', 'tickets'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; jobs: Jobs; clock: Clock }) => {
    const assignment = createAssignmentService({ data: k.data, jobs: k.jobs, clock: k.clock });
    const log = (err: unknown) => k.app.log.error({ err }, 'assignment failed');
    return {
      start: async () => {
        registerAssignmentListeners(k.bus, assignment.flow, log);
        await k.jobs.work('assignment.reassign', async (p) => {
          await assignment.reassign(p);
        });
        await k.jobs.work('assignment.sweep', async () => {
          for (const companyId of await assignment.companiesWaiting()) await assignment.flow(companyId).catch(log);
        });
        await k.jobs.schedule('assignment.sweep', ASSIGNMENT_SWEEP_CRON, { expireInSeconds: 60 });
      },
    };
  },
});
