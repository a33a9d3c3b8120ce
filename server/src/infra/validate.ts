import type { z } from 'zod';
import { AppError } from './errors';

/** Parses request input with a shared zod schema; a mismatch is a 400 with the field issues. */
export const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  // PostgreSQL text cannot hold NUL, nor a lone UTF-16 surrogate (JSON's "\ud800" has no UTF-8
  // form): refuse them here rather than fail in the database (issue 28 §10).
  const bad = badText(input);
  if (bad) throw new AppError('ERR_VALIDATION', bad);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const err = new AppError('ERR_VALIDATION', issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '));
  Object.assign(err, { issues });
  throw err;
};

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const textProblem = (s: string): string | undefined =>
  s.includes('\u0000') ? 'text contains a NUL character' : LONE_SURROGATE.test(s) ? 'text contains a lone UTF-16 surrogate (not a character)' : undefined;

/** The first text in the input (keys too) PostgreSQL could not store, said in words. */
const badText = (v: unknown, depth = 0): string | undefined => {
  if (typeof v === 'string') return textProblem(v);
  if (depth > 20 || v === null || typeof v !== 'object') return undefined;
  for (const [k, x] of Object.entries(v)) {
    const bad = textProblem(k) ?? badText(x, depth + 1);
    if (bad) return bad;
  }
  return undefined;
};
