// The users module's one door (decision 0015): users, their queues, sessions and passwords, as other modules and app.ts may use them.
import type { FastifyInstance } from 'fastify';
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { DEFAULT_PRESENCE_OFFLINE_GRACE_MS, type Config } from '../../infra/config';
import type { EventBus } from '../../infra/event-bus';
import { defineModule } from '../../infra/module';
import { actorFacts, bumpSessionVersion, findByEmail, get, getDto, insert, setPasswordHash } from './users.repository';
import { registerUserListeners } from './users.listeners';
import { usersRoutes } from './users.routes';
import { offlineGrace, startOfflineGrace, startOnlineSweep, userSockets } from './users.socket';
import { createUsersService } from './users.service';

export { createUsersService, hashPassword, setPasswordHashCostForTests, type UsersService } from './users.service';
export type { UserRow } from './users.repository';

/** Reads and writes of users other modules run inside their own transaction (the SQL stays here). */
export const usersQueries = { actorFacts, bumpSessionVersion, findByEmail, get, getDto, insert, setPasswordHash };

export const usersModule = defineModule({
  name: 'users',
  dependsOn: ['companies', 'queues'],
  setup: (k: { app: FastifyInstance; data: DataAccess; bus: EventBus; clock: Clock; config: Config }) => {
    const users = createUsersService(k.data);
    const grace = offlineGrace(k.clock, k.config.presenceOfflineGraceMs ?? DEFAULT_PRESENCE_OFFLINE_GRACE_MS);
    return {
      routes: usersRoutes(users),
      start: (rt) => {
        registerUserListeners(k.bus, rt);
        rt.use(userSockets({ users, realtime: rt, log: k.app.log, grace }));
        const stop = startOnlineSweep({ data: k.data, log: k.app.log });
        const stopGrace = startOfflineGrace({ users, realtime: rt, log: k.app.log, grace });
        k.app.addHook('onClose', async () => {
          stop();
          stopGrace();
        });
      },
    };
  },
});
