import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MINUTES, type ForgotPasswordResponse, type Profile, type ResetPasswordBody } from '@balcao/shared';
import type { DataAccess } from '../../db/tenant';
import type { RateLimitCounter } from '../../db/rate-limits';
import type { Clock } from '../../infra/clock';
import { AppError } from '../../infra/errors';
import type { Mailer } from '../../infra/mailer';
import { LANGUAGE_SETTING, textsOf } from '../../infra/texts';
import { auditQueries } from '../audit';
import { companiesQueries } from '../companies';
import { hashPassword, usersQueries } from '../users';
import * as resets from './password-resets.repository';
import * as tokensRepo from './refresh-tokens.repository';

/** Per e-mail (whoever asks, known or not): code requests and reset tries in an hour (decision 0255). */
export const RESET_EMAIL_LIMITS = { forgot: 5, reset: 10, windowMs: 60 * 60_000 } as const;

export interface PasswordResetDeps {
  data: DataAccess;
  clock: Clock;
  mailer: Mailer;
  rateCount: RateLimitCounter;
  /** The server's secret (JWT_SECRET): codes are stored as an HMAC under a key derived from it. */
  secret: string;
  log: { error(obj: Record<string, unknown>, msg: string): void };
}

const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Password reset (issue 14 §3, server-behaviour §2; decisions 0253–0255). A request stores a
 * 6-digit code as HMAC-SHA256(user, code) — never in clear —, replacing the user's open code, and
 * mails it after the answer, so a known and an unknown address get the same answer in about the
 * same time. A reset checks the code (30 minutes, single use, 5 tries), sets the password and ends
 * every session of the user: refresh tokens revoked, access tokens stale (session version), sockets
 * closed (`auth.logout`).
 */
export const createPasswordResetService = (deps: PasswordResetDeps) => {
  const key = createHmac('sha256', deps.secret).update('balcao:password-reset-code').digest();
  const codeHash = (userId: number, code: string) => createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  /** 429 once an address asked more than `max` times this hour, known or not (nothing told apart). */
  const limitPerEmail = async (kind: 'forgot' | 'reset', email: string) => {
    const hit = await deps.rateCount(`${kind}-email:${emailKey(email)}`, RESET_EMAIL_LIMITS.windowMs);
    if (hit.count > RESET_EMAIL_LIMITS[kind]) throw new AppError('ERR_TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: Math.ceil(hit.ttlMs / 1000) });
  };

  return {
    /** POST /forgetpassword/:email — always `{ status: 200 }`. */
    async request(email: string): Promise<ForgotPasswordResponse> {
      await limitPerEmail('forgot', email);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = deps.clock.now();
      const mail = await deps.data.withSystem('auth:reset', async ({ tx }) => {
        const user = await usersQueries.findByEmail(tx, email);
        // The HMAC is computed either way: the unknown address does the same work.
        const hash = codeHash(user?.id ?? 0, code);
        if (!user) return undefined;
        await resets.replace(tx, { companyId: user.companyId, userId: user.id, codeHash: hash, expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000) });
        const texts = textsOf(await companiesQueries.getSetting(tx, user.companyId, LANGUAGE_SETTING));
        return { to: user.email, subject: texts.resetMail.subject, text: texts.resetMail.text(user.name, code, RESET_CODE_TTL_MINUTES) };
      });
      // Sent after the answer: waiting for SMTP would tell a known address from an unknown one.
      if (mail) void deps.mailer.send(mail).catch((err: unknown) => deps.log.error({ err }, 'password reset mail not sent'));
      return { status: 200 };
    },

    /** POST /resetpasswords — the code, then the new password; one error for every bad code. */
    async reset(body: ResetPasswordBody): Promise<{ ok: true }> {
      await limitPerEmail('reset', body.email);
      // Hashed before looking anything up: a known and an unknown address cost the same.
      const passwordHash = await hashPassword(body.newPassword);
      const now = deps.clock.now();
      const done = await deps.data.withSystem('auth:reset', async ({ tx, stage }) => {
        const user = await usersQueries.findByEmail(tx, body.email);
        if (!user) return false;
        const row = await resets.openFor(tx, user.companyId, user.id);
        if (!row || row.expiresAt <= now || row.attempts >= RESET_CODE_MAX_ATTEMPTS) return false;
        if (!sameHash(codeHash(user.id, body.token), row.codeHash)) {
          // Counted in this transaction, which commits: the error is thrown after it.
          await resets.countFailure(tx, user.companyId, row.id);
          return false;
        }
        await resets.markUsed(tx, user.companyId, row.id, now);
        await usersQueries.setPasswordHash(tx, user.companyId, user.id, passwordHash);
        // Every session ends: access tokens (session version), refresh tokens, open sockets.
        await usersQueries.bumpSessionVersion(tx, user.companyId, user.id);
        await tokensRepo.revokeUser(tx, user.companyId, user.id, now);
        const actor = { companyId: user.companyId, userId: user.id, profile: user.profile as Profile, super: user.super };
        await auditQueries.record(tx, actor, { entity: 'user', entityId: user.id, action: 'update', before: {}, after: { password: 'reset' } });
        stage({ type: 'auth.logout', companyId: user.companyId, userId: user.id });
        return true;
      });
      if (!done) throw new AppError('ERR_INVALID_RESET_CODE');
      return { ok: true };
    },
  };
};

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
