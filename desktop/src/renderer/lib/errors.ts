import type { ErrorBody } from '@balcao/shared';
import { ApiError } from './http';

/** The spec's last resort (attendance.md §8), shown as is in every language. */
export const FALLBACK_ERROR = 'An error occurred!';

/** Returns the text for an error code, or undefined when there is no translation. */
export type Translate = (code: string) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const fromBody = (body: Record<string, unknown>, translate: Translate): string | undefined => {
  const { error, message, issues } = body as Partial<ErrorBody> & { error?: unknown; message?: unknown };
  // The server words the expiry itself ("expirou em dd/MM/yyyy..."), so its message wins.
  if (error === 'ERR_SUBSCRIPTION_EXPIRED' && typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) {
    const text = translate(error) ?? error;
    const details = Array.isArray(issues) ? issues.map((i) => i.message).filter(Boolean) : [];
    return error === 'ERR_VALIDATION' && details.length ? `${text} (${details.join('; ')})` : text;
  }
  if (typeof message === 'string' && message) return message;
  return undefined;
};

/**
 * attendance.md §8: a coded body shows its translation (or the raw code when there is none);
 * a plain string is shown as is; anything else is 'An error occurred!'.
 */
export const errorMessage = (err: unknown, translate: Translate): string => {
  if (typeof err === 'string') return err.trim() ? err : FALLBACK_ERROR;
  const body = err instanceof ApiError ? err.body : err instanceof Error ? undefined : err;
  if (isObject(body)) return fromBody(body, translate) ?? FALLBACK_ERROR;
  return FALLBACK_ERROR;
};

/** The server's error code of a failed call (`ERR_…`), if it answered with one. */
export const errorCode = (err: unknown): string | undefined => {
  const code = err instanceof ApiError && isObject(err.body) ? err.body.error : undefined;
  return typeof code === 'string' ? code : undefined;
};

/** A save refused because the name/number/shortcode is already taken (`ERR_DUPLICATED_RECORD`). */
export const isDuplicateRecord = (err: unknown): boolean => errorCode(err) === 'ERR_DUPLICATED_RECORD';
