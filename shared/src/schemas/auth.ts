import { z } from 'zod';
import { email, msg } from './common';
import { SessionUserDto } from './dtos';

export const LoginBody = z.object({
  email,
  password: z.string({ error: msg.required }).min(1, msg.required).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResponse = z.object({
  token: z.string(),
  user: SessionUserDto,
  /** Set when the subscription ends in fewer than 5 days: "Sua assinatura vence em N dia(s)". */
  dueWarningDays: z.number().optional(),
  /**
   * An overdue company's admin (decision 0280): the session may only use billing (/invoices,
   * /subscription, /auth/me); every other route answers 402 ERR_BILLING_ONLY. `message` is the
   * spec's "Opss! Sua assinatura venceu em DD/MM/AAAA. ..." text to show.
   */
  billingOnly: z.literal(true).optional(),
  message: z.string().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const VersionResponse = z.object({ version: z.string() });

/**
 * Two-factor sign-in (issue 28 §13; decision 0350). A challenge is the proof that the password
 * was right: opaque, single-use, bound to one user, good for TWO_FACTOR_CHALLENGE_MINUTES.
 */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** Recovery codes a user gets when enabling (each works once). */
export const RECOVERY_CODE_COUNT = 10;
export const TwoFactorChallenge = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/);
/** A 6-digit TOTP code. */
export const TotpCode = z.string({ error: msg.required }).trim().regex(/^\d{6}$/, 'Código de 6 dígitos');
/** A TOTP code or one recovery code (`xxxxx-xxxxx`, case and dash optional). */
export const SecondFactorCode = z.string({ error: msg.required }).trim().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'Código inválido');

/** `POST /auth/login` when the password is right but a second step is needed. */
export const TwoFactorChallengeResponse = z.union([
  z.object({ twoFactorRequired: z.literal(true), challenge: z.string() }),
  /** The policy requires 2FA and the user has none: set it up with this challenge, then enter. */
  z.object({ twoFactorSetupRequired: z.literal(true), challenge: z.string() }),
]);
export type TwoFactorChallengeResponse = z.infer<typeof TwoFactorChallengeResponse>;
/** Everything `POST /auth/login` may answer; users without 2FA always get the plain LoginResponse. */
export const LoginAnswer = z.union([LoginResponse, TwoFactorChallengeResponse]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** `POST /auth/2fa/verify`: the login's challenge and a TOTP or recovery code → the usual login answer. */
export const TwoFactorVerifyBody = z.object({ challenge: TwoFactorChallenge, code: SecondFactorCode });
export type TwoFactorVerifyBody = z.infer<typeof TwoFactorVerifyBody>;

/** `POST /auth/2fa/setup`: with a session, `{}`; during a login that must set 2FA up, its challenge. */
export const TwoFactorSetupBody = z.object({ challenge: TwoFactorChallenge.optional() });
export type TwoFactorSetupBody = z.infer<typeof TwoFactorSetupBody>;
export const TwoFactorSetupResponse = z.object({ otpauthUrl: z.string(), secret: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>;

/** `POST /auth/2fa/enable`: a code from the app proves the secret was stored. */
export const TwoFactorEnableBody = z.object({ code: TotpCode, challenge: TwoFactorChallenge.optional() });
export type TwoFactorEnableBody = z.infer<typeof TwoFactorEnableBody>;
/** The recovery codes, shown once; with a setup challenge also the login answer (`session`). */
export const TwoFactorEnableResponse = z.object({ recoveryCodes: z.array(z.string()), session: LoginResponse.optional() });
export type TwoFactorEnableResponse = z.infer<typeof TwoFactorEnableResponse>;

/** `POST /auth/2fa/disable`: a current code (or a recovery code) or the password. */
export const TwoFactorDisableBody = z
  .object({ code: SecondFactorCode.optional(), password: z.string().min(1).max(200).optional() })
  .refine((b) => (b.code === undefined) !== (b.password === undefined), { message: 'code or password', path: ['code'] });
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBody>;

/** `GET /auth/2fa`: whether the caller has 2FA, how many recovery codes are left, and whether the policy requires it. */
export const TwoFactorStatusDto = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number(), required: z.boolean() });
export type TwoFactorStatusDto = z.infer<typeof TwoFactorStatusDto>;
