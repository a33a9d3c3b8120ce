import type { z } from 'zod';
import { AppError } from './errors';

/** Parses request input with a shared zod schema; a mismatch is a 400 with the field issues. */
export const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const err = new AppError('ERR_VALIDATION', issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '));
  Object.assign(err, { issues });
  throw err;
};
