import { errorStatus, type ErrorBody, type ErrorCode } from '@balcao/shared';

/** A coded error: services throw it, the error handler maps the code to its status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(requestId?: string): ErrorBody {
    return { error: this.code, message: this.message === this.code ? undefined : this.message, requestId, details: this.details };
  }
}

/** The record that was looked for, or `code` (a missing row, or another company's, is "not found"): `found(await repo.get(…), 'ERR_NO_X_FOUND')`. */
export const found = <T>(value: T, code: ErrorCode): NonNullable<T> => {
  if (!value) throw new AppError(code);
  return value;
};
