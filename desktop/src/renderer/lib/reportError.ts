import i18n from 'i18next';
import { errorMessage, type Translate } from './errors';
import { toast } from './toast';

export const translateErrorCode: Translate = (code) => {
  const key = `errors.${code}` as 'errors.ERR_INTERNAL';
  if (!i18n.exists(key)) return undefined;
  const text: unknown = i18n.t(key);
  return typeof text === 'string' ? text : undefined;
};

/** The generic reporter most failed calls go to (attendance.md §8). */
export const toastError = (err: unknown): void => {
  toast.error(errorMessage(err, translateErrorCode));
};
