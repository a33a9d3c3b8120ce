import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { can, NO_DUE_DATE, REFRESH_TOKEN_TTL_DAYS, SUBSCRIPTION_WARNING_DAYS, type LoginBody, type SessionUserDto, type TwoFactorChallengeResponse } from '@balcao/shared';
import type { Ctx, DataAccess } from '../../db/tenant';
import type { Tx } from '../../db/client';
import type { AccessClaims } from '../../infra/auth';
import { AppError, found } from '../../infra/errors';
import { dayIn, daysBetween, type Clock } from '../../infra/clock';
import { hashPassword, usersQueries, type UserRow } from '../users';
import { companiesQueries } from '../companies';
import * as tokensRepo from './refresh-tokens.repository';
import { loginBackoff } from './login-backoff';

export interface AuthDeps {
  data: DataAccess;
  clock: Clock;
  sign(claims: AccessClaims): string;
  /** argon2's verify; tests spy on it. */
  verifyPassword?: (hash: string, password: string) => Promise<boolean>;
  /** After a right password: a challenge when the user needs a second step (two-factor.service), else null. */
  secondStep?: (tx: Tx, user: UserRow) => Promise<TwoFactorChallengeResponse | null>;
}

export interface Session {
  token: string;
  refreshToken: string;
  user: SessionUserDto;
  dueWarningDays?: number;
  /** An overdue company's admin: a billing-only session, with the spec's expired text (decision 0280). */
  billingOnly?: true;
  message?: string;
}

/** The refresh family of a billing-only login (decision 0280): it stays billing while the company is overdue. */
const BILLING_FAMILY = 'billing:';
/** Who of an overdue company still gets in, to pay: its admins (decision 0280). */
const mayPay = (user: UserRow) => can(user.profile, 'billing:manage');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Two tabs refreshing with the same cookie at once is a race, not a stolen token. */
const REUSE_GRACE_MS = 5_000;

const formatDay = (day: string) => day.split('-').reverse().join('/');

export const createAuthService = (deps: AuthDeps) => {
  const verifyPassword = deps.verifyPassword ?? ((h: string, p: string) => verify(h, p));
  // A real hash with the users' parameters, of a password nobody knows: an unknown e-mail costs
  // the same argon2 work as a known one, so timing does not reveal which accounts exist.
  const dummyHash = hashPassword(randomBytes(32).toString('base64url'));

  /** Due-date rule: blocked after the due day (in the company's zone); warned within 5 days. */
  const checkDue = async (tx: Tx, user: UserRow): Promise<number | undefined> => {
    const company = found(await companiesQueries.get(tx, user.companyId), 'ERR_INVALID_CREDENTIALS');
    // A company the super user set inactive neither logs in nor refreshes (issue 28 §7).
    if (!user.super && !company.status) throw new AppError('ERR_COMPANY_INACTIVE');
    if (user.super || company.dueDate === NO_DUE_DATE) return undefined;
    const left = daysBetween(dayIn(deps.clock.now(), company.timezone), company.dueDate);
    if (left < 0) {
      throw new AppError(
        'ERR_SUBSCRIPTION_EXPIRED',
        `Opss! Sua assinatura venceu em ${formatDay(company.dueDate)}. Entre em contato com o Suporte para mais informações!`,
      );
    }
    return left < SUBSCRIPTION_WARNING_DAYS ? left : undefined;
  };

  const issue = async (tx: Tx, user: UserRow, family: string, billing = false) => {
    const refreshToken = randomBytes(32).toString('base64url');
    const now = deps.clock.now();
    await tokensRepo.insert(tx, {
      companyId: user.companyId,
      userId: user.id,
      family,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    const token = deps.sign({
      sub: String(user.id),
      companyId: user.companyId,
      profile: user.profile as AccessClaims['profile'],
      super: user.super,
      sessionVersion: user.sessionVersion,
      ...(billing ? { billing: true as const } : {}),
    });
    const dto = await usersQueries.getDto(tx, user.companyId, user.id);
    const company = await companiesQueries.getRef(tx, user.companyId);
    return { token, refreshToken, user: { ...dto!, company: company! } };
  };

  /** The user is who they say (password, and the second step when there is one): the session. */
  const enter = (user: UserRow, ip: string): Promise<Session> =>
    deps.data.withSystem('auth:login', async ({ tx, stage }) => {
      await loginBackoff(user.email, ip).succeeded(tx);
      let dueWarningDays: number | undefined;
      let expired: AppError | undefined;
      try {
        dueWarningDays = await checkDue(tx, user);
      } catch (err) {
        // Overdue: admins get a billing-only session to pay (decision 0280); everyone else stays out.
        if (!(err instanceof AppError) || err.code !== 'ERR_SUBSCRIPTION_EXPIRED' || !mayPay(user)) throw err;
        expired = err;
      }
      const family = `${expired ? BILLING_FAMILY : ''}${randomUUID()}`;
      const session = await issue(tx, user, family, expired !== undefined);
      await tokensRepo.revokeOtherFamilies(tx, user.companyId, user.id, family, deps.clock.now());
      stage({ type: 'auth.login', companyId: user.companyId, userId: user.id });
      return expired ? { ...session, billingOnly: true as const, message: expired.message } : { ...session, dueWarningDays };
    });

  return {
    /**
     * The password, then either the session or, for a user with 2FA (or one the policy requires
     * it of), a challenge for the second step (decision 0350). The backoff is cleared only when
     * the user is in: a right password alone does not reset the count a wrong code adds to.
     */
    async login(input: LoginBody, ip: string): Promise<Session | TwoFactorChallengeResponse> {
      // Per account + address, not per account: a flood from elsewhere never locks the owner out.
      const backoff = loginBackoff(input.email, ip);
      const user = await deps.data.withSystem('auth:login', async ({ tx }) => {
        await backoff.check(tx, deps.clock.now());
        return usersQueries.findByEmail(tx, input.email);
      });
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
      if (!user || !ok) {
        await deps.data.withSystem('auth:login', ({ tx }) => backoff.failed(tx, deps.clock.now()));
        throw new AppError('ERR_INVALID_CREDENTIALS');
      }
      if (deps.secondStep) {
        const challenge = await deps.data.withSystem('auth:login', ({ tx }) => deps.secondStep!(tx, user));
        if (challenge) return challenge;
      }
      return enter(user, ip);
    },

    enter,

    async refresh(refreshToken: string | undefined): Promise<Session> {
      if (!refreshToken) throw new AppError('ERR_SESSION_EXPIRED');
      const result = await deps.data.withSystem('auth:refresh', async ({ tx, stage }) => {
        // The login is over: its sockets close too (auth.listeners.ts).
        const ended = (r: { companyId: number; userId: number }) => stage({ type: 'auth.logout', companyId: r.companyId, userId: r.userId });
        const row = await tokensRepo.findByHash(tx, hashToken(refreshToken));
        const now = deps.clock.now();
        if (!row || row.revokedAt || row.expiresAt <= now) return { error: 'ERR_SESSION_EXPIRED' as const };
        if (row.usedAt && now.getTime() - row.usedAt.getTime() > REUSE_GRACE_MS) {
          // A rotated token came back: someone holds a copy. End the whole login.
          await tokensRepo.revokeFamily(tx, row.companyId, row.family, now);
          ended(row);
          return { error: 'ERR_SESSION_EXPIRED' as const };
        }
        const user = await usersQueries.get(tx, row.companyId, row.userId);
        if (!user) return { error: 'ERR_SESSION_EXPIRED' as const };
        try {
          await checkDue(tx, user);
        } catch (err) {
          // A billing-only login stays billing-only while the company is overdue (decision 0280).
          if (err instanceof AppError && err.code === 'ERR_SUBSCRIPTION_EXPIRED' && row.family.startsWith(BILLING_FAMILY) && mayPay(user)) {
            await tokensRepo.markUsed(tx, row.companyId, row.id, now);
            return { session: { ...(await issue(tx, user, row.family, true)), billingOnly: true as const, message: err.message } };
          }
          await tokensRepo.revokeFamily(tx, row.companyId, row.family, now);
          ended(row);
          return { error: err as AppError };
        }
        await tokensRepo.markUsed(tx, row.companyId, row.id, now);
        return { session: await issue(tx, user, row.family) };
      });
      // Revocations above must commit, so the error is thrown after the transaction.
      if ('error' in result) throw typeof result.error === 'string' ? new AppError(result.error) : result.error;
      return result.session;
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      await deps.data.withSystem('auth:refresh', async ({ tx, stage }) => {
        const row = await tokensRepo.findByHash(tx, hashToken(refreshToken));
        if (!row) return;
        await tokensRepo.revokeFamily(tx, row.companyId, row.family, deps.clock.now());
        stage({ type: 'auth.logout', companyId: row.companyId, userId: row.userId });
        // The access token in hand dies now too, not at its exp.
        await usersQueries.bumpSessionVersion(tx, row.companyId, row.userId);
      });
    },

    /**
     * `DELETE /auth/logout` with only the access token (an API client, a lost cookie; issue 28 §7):
     * that user's session ends as with the cookie: refresh chains revoked, access tokens dead at
     * once (session_version), sockets told.
     */
    async logoutUser(ctx: Pick<Ctx, 'companyId' | 'userId'>): Promise<void> {
      await deps.data.withSystem('auth:refresh', async ({ tx, stage }) => {
        await tokensRepo.revokeUser(tx, ctx.companyId, ctx.userId, deps.clock.now());
        await usersQueries.bumpSessionVersion(tx, ctx.companyId, ctx.userId);
        stage({ type: 'auth.logout', companyId: ctx.companyId, userId: ctx.userId });
      });
    },

    async me(ctx: Ctx): Promise<SessionUserDto> {
      return deps.data.withTenant(ctx, async ({ tx }) => {
        const dto = await usersQueries.getDto(tx, ctx.companyId, ctx.userId);
        const company = await companiesQueries.getRef(tx, ctx.companyId);
        if (!dto || !company) throw new AppError('ERR_SESSION_EXPIRED');
        return { ...dto, company };
      });
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
