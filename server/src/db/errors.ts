/** PostgreSQL's SQLSTATE of an error, whether raw (postgres.js) or wrapped by drizzle (`cause`). */
export const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** The constraint a violation names (postgres.js `constraint_name`), whether raw or wrapped by drizzle. */
export const pgConstraint = (err: unknown): string | undefined => {
  const e = err as { constraint_name?: unknown; cause?: { constraint_name?: unknown } } | null;
  const name = e?.constraint_name ?? e?.cause?.constraint_name;
  return typeof name === 'string' ? name : undefined;
};
