import { z } from 'zod';

/** The spec's validation texts (attendance.md §5, administration.md §5). */
export const msg = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
  obrigatorio: 'Obrigatório',
  selectQueue: 'Selecione uma fila',
} as const;

/** A row id: ids are PostgreSQL integers, so anything larger can only be a client's mistake. */
export const MAX_DB_ID = 2_147_483_647;
export const dbId = z.number().int().positive().max(MAX_DB_ID);
export const dbIdParam = z.coerce.number().int().positive().max(MAX_DB_ID);

export const IdParam = z.object({ id: dbIdParam });

/** Answers that only confirm: `{ ok: true }` and the spec's `{ message: '…' }`. */
/** When a record was made and last changed (ISO 8601): the two fields most DTOs end with (`...stamps`). */
export const stamps = { createdAt: z.string(), updatedAt: z.string() };

export const OkResponse = z.object({ ok: z.literal(true) });
export const MessageResponse = z.object({ message: z.string() });
export type IdParam = z.infer<typeof IdParam>;

export const name2to50 = z.string({ error: msg.required }).trim().min(1, msg.required).min(2, msg.tooShort).max(50, msg.tooLong);
export const email = z.string({ error: msg.required }).trim().min(1, msg.required).email(msg.invalidEmail).max(120);

/** Query strings carry everything as text: "true"/"false", numbers, JSON arrays or repeated keys. */
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * A boolean in a JSON body as the spec's client writes it (decision 0037): `true`/`false`, `1`/`0`
 * (`read: 1` when sending), and "true"/"false"/"1"/"0" (form fields are text). Nothing else:
 * "yes", 2 or null are still a 400.
 */
export const looseBool = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/**
 * An optional reference the spec's client "clears" with `false` (`promptId: false`,
 * `integrationId: false` when closing): `false` is read as null (none). Any other value must be a
 * real id, so `true`, 0 or "abc" stay a 400 (decision 0037).
 */
export const idOrNone = z.union([dbId, z.null(), z.literal(false).transform(() => null)]);

export const queryIdList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()])), z.number()])
  .transform((v, ctx) => {
    let raw: unknown[];
    if (Array.isArray(v)) raw = v;
    else if (typeof v === 'number') raw = [v];
    else if (v.trim().startsWith('[')) {
      try {
        raw = JSON.parse(v) as unknown[];
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid list' });
        return z.NEVER;
      }
    } else raw = v.split(',').filter((s) => s.trim() !== '');
    const ids = raw.map((x) => Number(x));
    if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > MAX_DB_ID)) {
      ctx.addIssue({ code: 'custom', message: 'invalid id' });
      return z.NEVER;
    }
    return ids;
  });

export const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);

/** A list's search text as the spec's screens send it (`searchParam`): trimmed, at most 100 characters. */
export const searchParam = z.string().trim().max(100).optional();

/** The spec's searched, paged list (`searchParam`, `pageNumber`); a list with more filters extends it. */
export const SearchPageQuery = z.object({ searchParam, pageNumber });
export type SearchPageQuery = z.infer<typeof SearchPageQuery>;

/**
 * One page of a list as the spec's screens read it: `{ [key]: rows, count, hasMore }` (the key
 * is the spec's per list: `records`, `tags`, `users`…).
 */
export const pageOf = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), count: z.number(), hasMore: z.boolean() } as { [P in K]: z.ZodArray<T> } & { count: z.ZodNumber; hasMore: z.ZodBoolean });
export const digits = (min: number, max: number) =>
  z.string({ error: msg.required }).trim().regex(/^\d+$/, 'digits only').min(min, msg.tooShort).max(max, msg.tooLong);
