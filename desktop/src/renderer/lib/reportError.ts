import i18n from 'i18next';
import { errorCode, errorMessage, type Translate } from './errors';
import { toast } from './toast';

export const translateErrorCode: Translate = (code) => {
  const key = `errors.${code}` as 'errors.ERR_INTERNAL';
  if (!i18n.exists(key)) return undefined;
  const text: unknown = i18n.t(key);
  return typeof text === 'string' ? text : undefined;
};

/**
 * A refusal's text where the screen's spec words its own (the super user's screens): the
 * catalogue's text for the codes in `specific`, which say more, else the screen's `generic`.
 */
export const refusalText = (err: unknown, specific: readonly string[], generic: string): string => {
  const code = errorCode(err);
  return code && specific.includes(code) ? (translateErrorCode(code) ?? code) : generic;
};

/** The generic reporter most failed calls go to (attendance.md §8). */
export const toastError = (err: unknown): void => {
  toast.error(errorMessage(err, translateErrorCode));
};
