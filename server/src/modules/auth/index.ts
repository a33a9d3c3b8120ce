// The auth module's one door (decision 0015): login, refresh, logout, signup.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../infra/config';
import type { Clock } from '../../infra/clock';
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { signAccessToken } from '../../infra/auth';
import { defineModule } from '../../infra/module';
import { registerAuthListeners } from './auth.listeners';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';

export { createAuthService, type AuthService, type Session } from './auth.service';

export const authModule = defineModule({
  name: 'auth',
  dependsOn: ['companies', 'users'],
  setup: (k: { app: FastifyInstance; config: Config; data: DataAccess; bus: EventBus; clock: Clock }) => {
    const auth = createAuthService({ data: k.data, clock: k.clock, sign: (claims) => signAccessToken(k.app, claims) });
    return { publicRoutes: authRoutes(auth, k.config.version), start: (rt) => registerAuthListeners(k.bus, rt) };
  },
});
