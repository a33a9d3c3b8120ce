import type { z } from 'zod';
import { AppError } from './errors';

/** Parses request input with a shared zod schema; a mismatch is a 400 with the field issues. */
export const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
  if (hasNul(input)) throw new AppError('ERR_VALIDATION', 'text contains a NUL character');
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const err = new AppError('ERR_VALIDATION', issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '));
  Object.assign(err, { issues });
  throw err;
};

const hasNul = (v: unknown, depth = 0): boolean => {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 20 || v === null || typeof v !== 'object') return false;
  return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x, depth + 1));
};
