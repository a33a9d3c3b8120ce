import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fastifyCookie from '@fastify/cookie';
import { ACCESS_TOKEN_TTL_SECONDS, can, profiles, type Profile } from '@balcao/shared';
import { AppError } from './errors';
import type { Ctx } from '../db/tenant';

export interface AccessClaims {
  sub: string;
  companyId: number;
  profile: Profile;
  super: boolean;
  sessionVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
  }
}

export const registerAuth = async (app: FastifyInstance, secret: string): Promise<void> => {
  await app.register(fastifyCookie);
  await app.register(fastifyJwt, { secret, sign: { expiresIn: ACCESS_TOKEN_TTL_SECONDS } });
  app.decorateRequest('ctx', null as unknown as Ctx);
};

export const signAccessToken = (app: FastifyInstance, claims: AccessClaims): string => app.jwt.sign(claims);

/** Verifies an access token; null when it is invalid or expired. */
export const verifyAccessToken = (app: FastifyInstance, token: string): Ctx | null => {
  try {
    const c = app.jwt.verify<AccessClaims>(token);
    if (!profiles.includes(c.profile) || !Number.isInteger(c.companyId)) return null;
    return { companyId: c.companyId, userId: Number(c.sub), profile: c.profile, super: c.super === true };
  } catch {
    return null;
  }
};

/**
 * preHandler for every private route: derives `request.ctx` once from the verified JWT.
 * No token → 401 (the client logs out); a bad or expired one → 403 (the client refreshes).
 */
export const requireAuth = (app: FastifyInstance) => async (request: FastifyRequest, _reply: FastifyReply) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new AppError('ERR_SESSION_EXPIRED');
  const ctx = verifyAccessToken(app, header.slice(7).trim());
  if (!ctx) throw new AppError('ERR_INVALID_TOKEN');
  request.ctx = { ...ctx, requestId: request.id };
};

export const requireAdmin = async (request: FastifyRequest) => {
  if (!can(request.ctx, 'sandbox:use')) throw new AppError('ERR_NO_PERMISSION');
};

export const requireSuper = async (request: FastifyRequest) => {
  if (!can(request.ctx, 'companies:manage')) throw new AppError('ERR_NO_PERMISSION');
};
