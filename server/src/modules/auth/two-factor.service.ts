import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  can,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type ErrorCode,
  type Profile,
  type TwoFactorChallengeResponse,
  type TwoFactorDisableBody,
  type TwoFactorSetupResponse,
  type TwoFactorStatusDto,
} from '@balcao/shared';
import type { Tx } from '../../db/client';
import type { Ctx, DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { AppError, found } from '../../infra/errors';
import { open, seal } from '../../lib/sealed-value';
import { auditQueries } from '../audit';
import { companiesQueries } from '../companies';
import { usersQueries, type UserRow } from '../users';
import type { Session } from './auth.service';
import { loginBackoff } from './login-backoff';
import * as repo from './two-factor.repository';
import { matchStep, newTotp } from './totp';

/** Wrong codes one challenge takes before it dies (the login backoff counts them too). */
export const CHALLENGE_MAX_ATTEMPTS = 5;

export interface TwoFactorDeps {
  data: DataAccess;
  clock: Clock;
  /** AES-256 key the TOTP secrets are sealed with (config.waEncryptionKey, else derived from the JWT secret). */
  sealKey: Buffer;
  /** HMAC key of the challenges and recovery codes (derived from the JWT secret). */
  hashKey: Buffer;
  verifyPassword(hash: string, password: string): Promise<boolean>;
  /** The auth service's last step of a login: the session. */
  enter(user: UserRow, ip: string): Promise<Session>;
}

type Purpose = 'verify' | 'setup';
/** Whose 2FA a call is about: the session's user, or a login's setup challenge. */
export type Subject = { ctx: Ctx } | { challenge: string };
/** An answer decided inside a transaction that must commit (a counted failure) before it is thrown. */
type Outcome<T> = { ok: T } | { error: ErrorCode };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const aad = (u: { companyId: number; id: number }) => `two-factor:${u.companyId}:${u.id}`;
const actorOf = (u: UserRow): Ctx => ({ companyId: u.companyId, userId: u.id, profile: u.profile as Profile, super: u.super });
/** Recovery codes: 10 characters of a lowercase base32 alphabet, shown as `xxxxx-xxxxx`. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const newRecoveryCode = () => {
  const chars = [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};
const normalRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Two-factor sign-in (issue 28 §13; decision 0350): TOTP through `otpauth`, the secret sealed per
 * user, recovery codes as HMACs spent once, login challenges hashed and single-use. Every wrong
 * code counts in the login backoff (account + address), and only a finished login clears it. It
 * all runs under the login's system reason, filtered by the user's company and id.
 */
export const createTwoFactorService = (deps: TwoFactorDeps) => {
  const hmac = (s: string) => createHmac('sha256', deps.hashKey).update(s).digest('hex');
  const recoveryHash = (u: UserRow, code: string) => hmac(`recovery:${u.companyId}:${u.id}:${normalRecovery(code)}`);
  const login = <T>(fn: (tx: Tx) => Promise<T>) => deps.data.withSystem('auth:login', ({ tx }) => fn(tx));
  const finish = <T>(o: Outcome<T>): T => {
    if ('error' in o) throw new AppError(o.error);
    return o.ok;
  };

  /** Whether the company (admins) or the platform (super users) requires 2FA of this user. */
  const required = async (tx: Tx, user: UserRow): Promise<boolean> => {
    // `users:create` is what an admin (not a supervisor) may do: the company's admins, by the one can().
    if (can({ profile: user.profile }, 'users:create') && (await companiesQueries.getSetting(tx, user.companyId, 'twoFactorAdmins')) === 'enabled') return true;
    if (!user.super) return false;
    const platform = await companiesQueries.platform(tx);
    return !!platform && (await companiesQueries.getSetting(tx, platform.id, 'twoFactorSuper')) === 'enabled';
  };

  const issueChallenge = async (tx: Tx, user: UserRow, purpose: Purpose): Promise<string> => {
    const challenge = randomBytes(32).toString('base64url');
    const expiresAt = new Date(deps.clock.now().getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
    await repo.replaceChallenge(tx, { companyId: user.companyId, userId: user.id, purpose, tokenHash: sha256(challenge), expiresAt });
    return challenge;
  };

  /** The live challenge of this purpose, locked, and its user; null when unknown, used, expired or out of tries. */
  const openChallenge = async (tx: Tx, challenge: string, purpose: Purpose) => {
    const row = await repo.challengeForUpdate(tx, sha256(challenge));
    if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= deps.clock.now() || row.attempts >= CHALLENGE_MAX_ATTEMPTS) return null;
    const user = await usersQueries.get(tx, row.companyId, row.userId);
    return user ? { row, user } : null;
  };

  const userOf = async (tx: Tx, s: Subject) => {
    if ('ctx' in s) {
      const user = found(await usersQueries.get(tx, s.ctx.companyId, s.ctx.userId), 'ERR_SESSION_EXPIRED');
      return { user, challenge: null };
    }
    const open = found(await openChallenge(tx, s.challenge, 'setup'), 'ERR_INVALID_2FA_CHALLENGE');
    return { user: open.user, challenge: open.row };
  };

  /** A TOTP code of a step not used yet; the step is then spent. */
  const spendTotp = async (tx: Tx, user: UserRow, row: repo.TwoFactorRow, code: string): Promise<boolean> => {
    const step = matchStep(open(deps.sealKey, row.secret, aad(user)), code, deps.clock.now());
    if (step === null || (row.lastStep !== null && step <= row.lastStep)) return false;
    await repo.update(tx, user.companyId, user.id, { lastStep: step });
    return true;
  };

  /** A TOTP code, or a recovery code (removed, and the use audited). */
  const spendCode = async (tx: Tx, user: UserRow, row: repo.TwoFactorRow, code: string): Promise<boolean> => {
    if (/^\d{6}$/.test(code)) return spendTotp(tx, user, row, code);
    const hash = recoveryHash(user, code);
    if (!row.recoveryHashes.includes(hash)) return false;
    const left = row.recoveryHashes.filter((h) => h !== hash);
    await repo.update(tx, user.companyId, user.id, { recoveryHashes: left });
    await auditQueries.record(tx, actorOf(user), { entity: 'user', entityId: user.id, action: 'update', before: { twoFactorRecoveryCodes: row.recoveryHashes.length }, after: { twoFactorRecoveryCodes: left.length } });
    return true;
  };

  return {
    /** For the auth service's login, after a right password: a challenge, or null to enter now. */
    async secondStep(tx: Tx, user: UserRow): Promise<TwoFactorChallengeResponse | null> {
      const row = await repo.get(tx, user.companyId, user.id);
      if (row?.enabledAt) return { twoFactorRequired: true, challenge: await issueChallenge(tx, user, 'verify') };
      if (await required(tx, user)) return { twoFactorSetupRequired: true, challenge: await issueChallenge(tx, user, 'setup') };
      return null;
    },

    /** POST /auth/2fa/verify: the login's challenge and a code → the session. */
    async verify(body: { challenge: string; code: string }, ip: string): Promise<Session> {
      const now = deps.clock.now();
      const user = finish(
        await login(async (tx): Promise<Outcome<UserRow>> => {
          const found = await openChallenge(tx, body.challenge, 'verify');
          if (!found) return { error: 'ERR_INVALID_2FA_CHALLENGE' };
          const backoff = loginBackoff(found.user.email, ip);
          await backoff.check(tx, now);
          const row = await repo.getForUpdate(tx, found.user.companyId, found.user.id);
          if (!row?.enabledAt || !(await spendCode(tx, found.user, row, body.code))) {
            await repo.countChallengeFailure(tx, found.row.id);
            await backoff.failed(tx, now);
            return { error: 'ERR_INVALID_2FA_CODE' };
          }
          await repo.useChallenge(tx, found.row.id, now);
          return { ok: found.user };
        }),
      );
      return deps.enter(user, ip);
    },

    /** GET /auth/2fa: the caller's state. */
    status: (ctx: Ctx): Promise<TwoFactorStatusDto> =>
      login(async (tx) => {
        const { user } = await userOf(tx, { ctx });
        const row = await repo.get(tx, user.companyId, user.id);
        return { enabled: !!row?.enabledAt, recoveryCodesLeft: row?.enabledAt ? row.recoveryHashes.length : 0, required: await required(tx, user) };
      }),

    /** POST /auth/2fa/setup: a new secret, pending until a code enables it. */
    setup: (s: Subject): Promise<TwoFactorSetupResponse> =>
      login(async (tx) => {
        const { user } = await userOf(tx, s);
        if ((await repo.get(tx, user.companyId, user.id))?.enabledAt) throw new AppError('ERR_2FA_ALREADY_ENABLED');
        const { secret, otpauthUrl } = newTotp(user.email);
        await repo.putPending(tx, user.companyId, user.id, seal(deps.sealKey, secret, aad(user)));
        return { secret, otpauthUrl };
      }),

    /** POST /auth/2fa/enable: a code proves the app holds the secret → recovery codes (and, during a login, the session). */
    async enable(s: Subject, code: string, ip: string): Promise<{ recoveryCodes: string[]; session?: Session }> {
      const now = deps.clock.now();
      const done = finish(
        await login(async (tx): Promise<Outcome<{ user: UserRow; codes: string[]; viaChallenge: boolean }>> => {
          const { user, challenge } = await userOf(tx, s);
          const backoff = loginBackoff(user.email, ip);
          await backoff.check(tx, now);
          const row = await repo.getForUpdate(tx, user.companyId, user.id);
          if (!row) return { error: 'ERR_2FA_NOT_SET_UP' };
          if (row.enabledAt) return { error: 'ERR_2FA_ALREADY_ENABLED' };
          if (!(await spendTotp(tx, user, row, code))) {
            if (challenge) await repo.countChallengeFailure(tx, challenge.id);
            await backoff.failed(tx, now);
            return { error: 'ERR_INVALID_2FA_CODE' };
          }
          const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
          await repo.update(tx, user.companyId, user.id, { enabledAt: now, recoveryHashes: codes.map((c) => recoveryHash(user, c)) });
          if (challenge) await repo.useChallenge(tx, challenge.id, now);
          await auditQueries.record(tx, 'ctx' in s ? s.ctx : actorOf(user), { entity: 'user', entityId: user.id, action: 'update', before: { twoFactor: 'disabled' }, after: { twoFactor: 'enabled' } });
          return { ok: { user, codes, viaChallenge: challenge !== null } };
        }),
      );
      return done.viaChallenge ? { recoveryCodes: done.codes, session: await deps.enter(done.user, ip) } : { recoveryCodes: done.codes };
    },

    /** POST /auth/2fa/disable: a code (or recovery code) or the password; refused while the policy requires 2FA. */
    async disable(ctx: Ctx, body: TwoFactorDisableBody, ip: string): Promise<{ ok: true }> {
      const now = deps.clock.now();
      return finish(
        await login(async (tx): Promise<Outcome<{ ok: true }>> => {
          const { user } = await userOf(tx, { ctx });
          const row = await repo.getForUpdate(tx, user.companyId, user.id);
          if (!row?.enabledAt) return { error: 'ERR_2FA_NOT_ENABLED' };
          if (await required(tx, user)) return { error: 'ERR_2FA_REQUIRED' };
          const backoff = loginBackoff(user.email, ip);
          await backoff.check(tx, now);
          const proven = body.code !== undefined ? await spendCode(tx, user, row, body.code) : await deps.verifyPassword(user.passwordHash, body.password ?? '').catch(() => false);
          if (!proven) {
            await backoff.failed(tx, now);
            return { error: 'ERR_INVALID_2FA_CODE' };
          }
          await repo.remove(tx, user.companyId, user.id);
          await auditQueries.record(tx, ctx, { entity: 'user', entityId: user.id, action: 'update', before: { twoFactor: 'enabled' }, after: { twoFactor: 'disabled' } });
          return { ok: { ok: true as const } };
        }),
      );
    },
  };
};

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
