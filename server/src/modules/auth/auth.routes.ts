import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginAnswer, LoginBody, LoginResponse, OkResponse, REFRESH_COOKIE, REFRESH_TOKEN_TTL_DAYS, SessionUserDto, VersionResponse } from '@balcao/shared';
import { billingRoute, requireAuth, verifySession } from '../../infra/auth';
import { RATE_LIMITS, rateLimited } from '../../infra/plugins/rate-limit';
import type { AuthService, Session } from './auth.service';

const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
  });

export const answer = (request: FastifyRequest, reply: FastifyReply, s: Session): LoginResponse => {
  setCookie(request, reply, s.refreshToken);
  return {
    token: s.token,
    user: s.user,
    ...(s.dueWarningDays !== undefined ? { dueWarningDays: s.dueWarningDays } : {}),
    ...(s.billingOnly ? { billingOnly: s.billingOnly, message: s.message } : {}),
  };
};

/** `loginMax`: logins a minute per client IP (config.loginRateLimit, LOGIN_RATE_LIMIT). */
export const authRoutes = (auth: AuthService, version: string, loginMax: number = RATE_LIMITS.login.max) => async (fastify: FastifyInstance) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const session = { 200: LoginResponse };
  // Users without 2FA get the usual answer (the spec's client reads nothing else); others a challenge (decision 0350).
  app.post('/auth/login', { config: rateLimited('login', undefined, loginMax), schema: { body: LoginBody, response: { 200: LoginAnswer } } }, async (req, reply) => {
    const done = await auth.login(req.body, req.ip);
    return 'challenge' in done ? done : answer(req, reply, done);
  });

  // The refresh token travels in its httpOnly cookie, never in the body.
  app.post('/auth/refresh_token', { config: rateLimited('refresh'), schema: { response: session } }, async (req, reply) => {
    try {
      return answer(req, reply, await auth.refresh(req.cookies[REFRESH_COOKIE]));
    } catch (err) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      throw err;
    }
  });

  app.delete('/auth/logout', { schema: { response: { 200: OkResponse } } }, async (req, reply) => {
    const cookie = req.cookies[REFRESH_COOKIE];
    if (cookie) await auth.logout(cookie);
    else {
      // Only the access token: its session ends too (issue 28 §7); a dead or foreign token changes nothing.
      const header = req.headers.authorization;
      const session = header?.startsWith('Bearer ') ? await verifySession(fastify, header.slice(7).trim()) : null;
      if (session && !session.ended && !session.stale) await auth.logoutUser(session.ctx);
    }
    reply.clearCookie(REFRESH_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  app.get('/auth/me', { config: billingRoute, preHandler: requireAuth(fastify), schema: { response: { 200: SessionUserDto } } }, (req) => auth.me(req.ctx));
  app.get('/version', { schema: { response: { 200: VersionResponse } } }, async () => ({ version }));
};
