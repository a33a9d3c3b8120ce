import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from './reportError';
import { toast } from './toast';

/**
 * A list a pane loads whole (no paging): `records` is null until the first answer. A failure is
 * `failText`'s toast (the screen's spec words it; absent: the error catalogue's) and keeps what
 * was shown (nothing: an empty list). `reload()` asks again, as does a new `failText` (another
 * language) or `reloadKey`.
 */
export const useLoadedList = <T>(fetch: () => Promise<T[]>, failText?: string, reloadKey?: unknown) => {
  const [records, setRecords] = useState<T[] | null>(null);
  const latestFetch = useRef(fetch);
  latestFetch.current = fetch;
  const reload = useCallback(async () => {
    try {
      setRecords(await latestFetch.current());
    } catch (err) {
      if (failText === undefined) toastError(err);
      else toast.error(failText);
      setRecords((shown) => shown ?? []);
    }
  }, [failText]);
  useEffect(() => {
    void reload();
  }, [reload, reloadKey]);
  return { records, setRecords, reload };
};
