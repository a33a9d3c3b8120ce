// The auth module's one door (decision 0015): login, refresh, logout, signup.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../infra/config';
import type { RateLimitCounter } from '../../db/rate-limits';
import type { Mailer } from '../../infra/mailer';
import type { Clock } from '../../infra/clock';
import type { DataAccess } from '../../db/tenant';
import type { EventBus } from '../../infra/event-bus';
import { signAccessToken } from '../../infra/auth';
import { defineModule } from '../../infra/module';
import { registerAuthListeners } from './auth.listeners';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { passwordResetRoutes } from './password-reset.routes';
import { createPasswordResetService } from './password-reset.service';

export { createAuthService, type AuthService, type Session } from './auth.service';
export { createPasswordResetService, RESET_EMAIL_LIMITS, type PasswordResetService } from './password-reset.service';

export const authModule = defineModule({
  name: 'auth',
  dependsOn: ['audit', 'companies', 'users'],
  setup: (k: { app: FastifyInstance; config: Config; data: DataAccess; bus: EventBus; clock: Clock; rateCount: RateLimitCounter; mailer: Mailer }) => {
    const auth = createAuthService({ data: k.data, clock: k.clock, sign: (claims) => signAccessToken(k.app, claims) });
    const resets = createPasswordResetService({ data: k.data, clock: k.clock, mailer: k.mailer, rateCount: k.rateCount, secret: k.config.jwtSecret, log: k.app.log });
    const publicRoutes = async (app: FastifyInstance) => {
      await app.register(authRoutes(auth, k.config.version, k.config.loginRateLimit));
      await app.register(passwordResetRoutes(resets));
    };
    return { publicRoutes, start: (rt) => registerAuthListeners(k.bus, rt, auth) };
  },
});
