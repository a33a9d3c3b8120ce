import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody, REFRESH_COOKIE, REFRESH_TOKEN_TTL_DAYS, type LoginResponse } from '@balcao/shared';
import { parse } from '../../infra/validate';
import { requireAuth } from '../../infra/auth';
import { rateLimited } from '../../infra/plugins/rate-limit';
import type { AuthService, Session } from './auth.service';

const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
  });

const answer = (request: FastifyRequest, reply: FastifyReply, s: Session): LoginResponse => {
  setCookie(request, reply, s.refreshToken);
  return { token: s.token, user: s.user, ...(s.dueWarningDays !== undefined ? { dueWarningDays: s.dueWarningDays } : {}) };
};

export const authRoutes = (auth: AuthService, version: string) => async (app: FastifyInstance) => {
  app.post('/auth/login', { config: rateLimited('login') }, async (req, reply) => answer(req, reply, await auth.login(parse(LoginBody, req.body), req.ip)));

  app.post('/auth/refresh_token', { config: rateLimited('refresh') }, async (req, reply) => {
    try {
      return answer(req, reply, await auth.refresh(req.cookies[REFRESH_COOKIE]));
    } catch (err) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      throw err;
    }
  });

  app.delete('/auth/logout', async (req, reply) => {
    await auth.logout(req.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, { path: '/' });
    return { ok: true };
  });

  app.get('/auth/me', { preHandler: requireAuth(app) }, (req) => auth.me(req.ctx));
  app.get('/version', async () => ({ version }));
};
