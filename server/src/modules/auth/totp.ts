import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s (decision 0350). */
const PERIOD_SECONDS = 30;
const ISSUER = 'Balcão';

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });

/** A new random secret (160 bits, base32) and the otpauth:// URL an app scans. */
export const newTotp = (label: string): { secret: string; otpauthUrl: string } => {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, label).toString() };
};

/**
 * The time step the code belongs to, when it matches the step of `now` or one either side (a
 * phone's clock a little off), else null. The caller refuses a step already used.
 */
export const matchStep = (secretBase32: string, code: string, now: Date): number | null => {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
};
