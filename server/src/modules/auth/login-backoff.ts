import { createHash } from 'node:crypto';
import type { Tx } from '../../db/client';
import { AppError } from '../../infra/errors';
import * as repo from './login-failures.repository';

/** Wrong passwords allowed for one account from one address before waits begin. */
export const FREE_FAILURES = 5;
/** The first wait; each further failure doubles it, up to MAX_WAIT_MS. */
export const FIRST_WAIT_MS = 2_000;
export const MAX_WAIT_MS = 15 * 60_000;
/** A quiet hour forgets the count. */
export const FORGET_AFTER_MS = 60 * 60_000;

/**
 * Backoff per account + client address, in PostgreSQL so every process counts the same. Only
 * that pair waits: the owner on another address, or the right password once the wait is over,
 * still gets in (an attacker cannot lock an account by flooding it). Unknown e-mails are counted
 * the same way, so the answers reveal nothing about which accounts exist.
 */
export const loginBackoff = (email: string, ip: string) => {
  const key = createHash('sha256').update(`${email.toLowerCase()}\n${ip}`).digest('hex');
  return {
    /** Throws ERR_TOO_MANY_ATTEMPTS while this pair must wait; the password is not even checked. */
    async check(tx: Tx, now: Date): Promise<void> {
      const row = await repo.get(tx, key);
      if (!row?.retryAfter || row.retryAfter <= now) return;
      const retryAfterSeconds = Math.ceil((row.retryAfter.getTime() - now.getTime()) / 1000);
      throw new AppError('ERR_TOO_MANY_ATTEMPTS', undefined, { retryAfterSeconds });
    },
    async failed(tx: Tx, now: Date): Promise<void> {
      const row = await repo.getForUpdate(tx, key);
      const fresh = !row || now.getTime() - row.lastFailedAt.getTime() > FORGET_AFTER_MS;
      const failures = fresh ? 1 : row.failures + 1;
      const over = failures - FREE_FAILURES;
      const retryAfter = over > 0 ? new Date(now.getTime() + Math.min(FIRST_WAIT_MS * 2 ** (over - 1), MAX_WAIT_MS)) : null;
      await repo.put(tx, { key, failures, lastFailedAt: now, retryAfter });
    },
    succeeded: (tx: Tx): Promise<void> => repo.clear(tx, key),
  };
};
