import { toastError } from './reportError';

/**
 * A row's delete (issue 27 §5): `remove(r.id)`, then `deleted(r)` (the row leaves its list, the
 * spec's toast); a refusal is `failed(err)`, by default the error catalogue's toast, and the row stays.
 */
export const deleter =
  <R extends { id: number }>(remove: (id: number) => Promise<unknown>, deleted: (r: R) => void, failed: (err: unknown) => void = toastError) =>
  async (r: R): Promise<void> => {
    try {
      await remove(r.id);
      deleted(r);
    } catch (err) {
      failed(err);
    }
  };
