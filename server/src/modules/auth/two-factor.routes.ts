import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OkResponse, TwoFactorDisableBody, TwoFactorEnableBody, TwoFactorEnableResponse, TwoFactorSetupBody, TwoFactorSetupResponse, TwoFactorStatusDto, TwoFactorVerifyBody, LoginResponse } from '@balcao/shared';
import { requireAuth } from '../../infra/auth';
import { RATE_LIMITS, rateLimited } from '../../infra/plugins/rate-limit';
import type { Session } from './auth.service';
import type { Subject, TwoFactorService } from './two-factor.service';

/**
 * Two-factor routes (issue 28 §13; decision 0350). They sit among the public routes because
 * `verify`, and `setup`/`enable` during a login the policy stops, carry a challenge instead of a
 * session; without a challenge, `setup`/`enable` need the session as every private route does.
 * `verify` shares the login's per-address limit; every code checked counts in the login backoff.
 */
export const twoFactorRoutes =
  (twoFactor: TwoFactorService, answer: (req: FastifyRequest, reply: FastifyReply, s: Session) => LoginResponse, loginMax: number = RATE_LIMITS.login.max) =>
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const session = requireAuth(fastify);
    const subject = async (req: FastifyRequest, reply: FastifyReply, challenge: string | undefined): Promise<Subject> => {
      if (challenge !== undefined) return { challenge };
      await session(req, reply);
      return { ctx: req.ctx };
    };

    app.post('/auth/2fa/verify', { config: rateLimited('login', undefined, loginMax), schema: { body: TwoFactorVerifyBody, response: { 200: LoginResponse } } }, async (req, reply) =>
      answer(req, reply, await twoFactor.verify(req.body, req.ip)),
    );
    app.get('/auth/2fa', { preHandler: session, schema: { response: { 200: TwoFactorStatusDto } } }, (req) => twoFactor.status(req.ctx));
    app.post('/auth/2fa/setup', { schema: { body: TwoFactorSetupBody, response: { 200: TwoFactorSetupResponse } } }, async (req, reply) =>
      twoFactor.setup(await subject(req, reply, req.body.challenge)),
    );
    app.post('/auth/2fa/enable', { schema: { body: TwoFactorEnableBody, response: { 200: TwoFactorEnableResponse } } }, async (req, reply) => {
      const done = await twoFactor.enable(await subject(req, reply, req.body.challenge), req.body.code, req.ip);
      return done.session ? { recoveryCodes: done.recoveryCodes, session: answer(req, reply, done.session) } : { recoveryCodes: done.recoveryCodes };
    });
    app.post('/auth/2fa/disable', { preHandler: session, schema: { body: TwoFactorDisableBody, response: { 200: OkResponse } } }, async (req) =>
      twoFactor.disable(req.ctx, req.body, req.ip),
    );
  };
