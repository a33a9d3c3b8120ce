import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fastifyCookie from '@fastify/cookie';
import { ACCESS_TOKEN_TTL_SECONDS, can, profiles, type Profile } from '@balcao/shared';
import { AppError } from './errors';
import type { Ctx, DataAccess } from '../db/tenant';

export interface AccessClaims {
  sub: string;
  companyId: number;
  profile: Profile;
  super: boolean;
  sessionVersion: number;
  /** A billing-only session (an overdue company's admin; decision 0280). */
  billing?: true;
}

/** The user's current session version, or null when the user is not in that company. */
export type SessionVersionOf = (companyId: number, userId: number) => Promise<number | null>;

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx;
  }
  interface FastifyInstance {
    sessionVersionOf: SessionVersionOf;
  }
  interface FastifyContextConfig {
    /** The route serves billing-only sessions too (decision 0280). */
    billing?: boolean;
  }
}

/** Route config of a route a billing-only session may call: `{ config: billingRoute }`. */
export const billingRoute = { billing: true } as const;

/** One algorithm, and `exp` required: a token signed otherwise, or never expiring, is refused. */
const ALGORITHM = 'HS256';

/**
 * The session check of every request (decision 0027): the version of the token's user in the
 * token's company, read fresh for each request. The checks of one company asked in the same turn
 * of the event loop go in one statement (issue 26: under load a request's four round trips to
 * PostgreSQL were most of its cost); a check alone is the one-user statement as before. Nothing
 * is remembered between turns, so a session that ended is refused by the next request.
 */
export const sessionVersionFrom = (data: Pick<DataAccess, 'callTenantFunction'>): SessionVersionOf => {
  type Waiting = { userId: number; resolve: (v: number | null) => void; reject: (err: unknown) => void };
  const pending = new Map<number, Waiting[]>();
  const flush = (companyId: number) => {
    const batch = pending.get(companyId)!;
    pending.delete(companyId);
    if (batch.length === 1) {
      const [w] = batch;
      data.callTenantFunction<number | null>({ companyId }, 'balcao_session_version', [w!.userId], () => []).then(w!.resolve, w!.reject);
      return;
    }
    data
      .callTenantFunction<(number | null)[]>({ companyId }, 'balcao_session_versions', [batch.map((w) => w.userId)], () => [])
      .then(
        (versions) => batch.forEach((w, i) => w.resolve(versions[i] ?? null)),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      );
  };
  return (companyId, userId) =>
    new Promise<number | null>((resolve, reject) => {
      let batch = pending.get(companyId);
      if (!batch) {
        pending.set(companyId, (batch = []));
        setImmediate(() => flush(companyId));
      }
      batch.push({ userId, resolve, reject });
    });
};

export const registerAuth = async (app: FastifyInstance, secret: string, sessionVersionOf: SessionVersionOf): Promise<void> => {
  await app.register(fastifyCookie);
  await app.register(fastifyJwt, {
    secret,
    sign: { algorithm: ALGORITHM, expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    verify: { algorithms: [ALGORITHM], requiredClaims: ['exp'] },
  });
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorate('sessionVersionOf', sessionVersionOf);
};

export const signAccessToken = (app: FastifyInstance, claims: AccessClaims): string => app.jwt.sign(claims);

const verifyClaims = (app: FastifyInstance, token: string): { ctx: Ctx; sessionVersion: number } | null => {
  try {
    const c = app.jwt.verify<AccessClaims>(token);
    if (!profiles.includes(c.profile) || !Number.isInteger(c.companyId) || !Number.isInteger(c.sessionVersion)) return null;
    const userId = Number(c.sub);
    if (!Number.isInteger(userId)) return null;
    const ctx: Ctx = { companyId: c.companyId, userId, profile: c.profile, super: c.super === true, ...(c.billing === true ? { billingOnly: true as const } : {}) };
    return { ctx, sessionVersion: c.sessionVersion };
  } catch {
    return null;
  }
};

/**
 * The whole check of an access token: signature, algorithm, expiry, and a live session of a user
 * of that company (one indexed lookup). For any entry that takes a token (routes, the socket
 * handshake): null → refuse.
 */
export const verifySession = async (app: FastifyInstance, token: string): Promise<{ ctx: Ctx; ended: boolean; stale: boolean } | null> => {
  const verified = verifyClaims(app, token);
  if (!verified) return null;
  const current = await app.sessionVersionOf(verified.ctx.companyId, verified.ctx.userId);
  // `ended`: no such user in an active company. `stale`: the user's session version moved on.
  return { ctx: verified.ctx, ended: current === null, stale: current !== null && current !== verified.sessionVersion };
};

/**
 * preHandler for every private route: derives `request.ctx` once from the verified JWT.
 * No token → 401 (the client logs out); a bad or expired one → 403 (the client refreshes).
 * A token whose user is not (or no longer) in an active company → 401 at once; one whose session
 * version moved on (logout, password change, profile change) → 403 at once, not at `exp`: only
 * the refresh cookie's holder gets a new one.
 */
export const requireAuth = (app: FastifyInstance) => async (request: FastifyRequest, reply: FastifyReply) => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new AppError('ERR_SESSION_EXPIRED');
  const session = await verifySession(app, header.slice(7).trim());
  if (!session) throw new AppError('ERR_INVALID_TOKEN');
  if (session.ended) throw new AppError('ERR_SESSION_EXPIRED');
  // A token of a session version that moved on (logout, a password change, a new profile) is no
  // longer valid: 403, and the client refreshes once (server-behaviour §2). The refresh decides:
  // a session that ended (logout, a password an admin set) is refused there with 401 and the
  // client logs out; the user's own password change or new profile gets a fresh token and the
  // request is retried, while a stolen copy of the old access token, without the refresh
  // cookie, is dead at once (issue 28 §7).
  if (session.stale) throw new AppError('ERR_INVALID_TOKEN');
  const { ctx } = session;
  // An overdue company's admin pays and nothing else (decision 0280): 402, neither a logout (401) nor a refresh (403).
  if (ctx.billingOnly && request.routeOptions.config?.billing !== true) throw new AppError('ERR_BILLING_ONLY');
  request.ctx = { ...ctx, requestId: request.id };
  // Every later log line of this request says whose it was (infra/plugins/logging.ts).
  request.log = reply.log = request.log.child({ companyId: ctx.companyId, userId: ctx.userId });
};

export const requireAdmin = async (request: FastifyRequest) => {
  if (!can(request.ctx, 'sandbox:use')) throw new AppError('ERR_NO_PERMISSION');
};

export const requireSuper = async (request: FastifyRequest) => {
  if (!can(request.ctx, 'companies:manage')) throw new AppError('ERR_NO_PERMISSION');
};
