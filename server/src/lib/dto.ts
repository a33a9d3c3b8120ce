import type { z } from 'zod';

/** What a DTO field may be read from: the same value, or a `Date` for an ISO string (the wire's form of a timestamp). */
type Stored<T> = T extends string ? T | Date : T;
export type RowOf<O> = { [K in keyof O]: Stored<O[K]> };

/**
 * The mapper of a DTO whose fields are its row's columns by name (issue 27 §5): each field of
 * `schema` is copied from the row, a `Date` as its ISO string. A column the DTO names but the row
 * lacks, or of another type, does not compile; a DTO that computes a field keeps its own mapper.
 */
export const dtoOf = <S extends z.ZodObject>(schema: S) => {
  const keys = Object.keys(schema.shape) as (keyof z.output<S>)[];
  return (row: RowOf<z.output<S>>): z.output<S> => {
    const dto = {} as z.output<S>;
    for (const k of keys) {
      const v = row[k];
      dto[k] = (v instanceof Date ? v.toISOString() : v) as z.output<S>[typeof k];
    }
    return dto;
  };
};
