// The auth module's one door (decision 0015): login (with two-factor sign-in), refresh, logout, signup.
import { createHash, createHmac } from 'node:crypto';
import { verify } from '@node-rs/argon2';
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
import { answer, authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { passwordResetRoutes } from './password-reset.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { createTwoFactorService } from './two-factor.service';
import { createPasswordResetService } from './password-reset.service';

export { createAuthService, type AuthService, type Session } from './auth.service';
export { createPasswordResetService, RESET_EMAIL_LIMITS, type PasswordResetService } from './password-reset.service';

/**
 * The TOTP secrets' sealing key (the installation's WA_ENCRYPTION_KEY; a hand-built config
 * without one derives it from the JWT secret, so tests and benches still reopen what they sealed)
 * and the HMAC key of challenges and recovery codes.
 */
const twoFactorKeys = (config: Config) => ({
  sealKey: config.waEncryptionKey ?? createHash('sha256').update(`balcao-two-factor:${config.jwtSecret}`).digest(),
  hashKey: createHmac('sha256', config.jwtSecret).update('balcao:two-factor').digest(),
});

export const authModule = defineModule({
  name: 'auth',
  dependsOn: ['audit', 'companies', 'users'],
  setup: (k: { app: FastifyInstance; config: Config; data: DataAccess; bus: EventBus; clock: Clock; rateCount: RateLimitCounter; mailer: Mailer }) => {
    const keys = twoFactorKeys(k.config);
    const twoFactor = createTwoFactorService({ data: k.data, clock: k.clock, ...keys, verifyPassword: (h, p) => verify(h, p), enter: (user, ip) => auth.enter(user, ip) });
    const auth = createAuthService({ data: k.data, clock: k.clock, sign: (claims) => signAccessToken(k.app, claims), secondStep: (tx, user) => twoFactor.secondStep(tx, user) });
    const resets = createPasswordResetService({ data: k.data, clock: k.clock, mailer: k.mailer, rateCount: k.rateCount, secret: k.config.jwtSecret, log: k.app.log });
    const publicRoutes = async (app: FastifyInstance) => {
      await app.register(authRoutes(auth, k.config.version, k.config.loginRateLimit));
      await app.register(twoFactorRoutes(twoFactor, answer, k.config.loginRateLimit));
      await app.register(passwordResetRoutes(resets));
    };
    return { publicRoutes, start: (rt) => registerAuthListeners(k.bus, rt, auth) };
  },
});
