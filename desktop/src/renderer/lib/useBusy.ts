import { useCallback, useState } from 'react';
import { toastError } from './reportError';

/**
 * What a button's action needs (issue 27 §5): `run(work, key)` marks `key` busy while the work
 * runs (the button's spinner, or which row's switch), and a failure is the error catalogue's toast.
 */
export const useBusyKey = <K,>() => {
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(async (work: () => Promise<unknown>, key: K): Promise<void> => {
    setBusy(key);
    try {
      await work();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  }, []);
  return [busy, run] as const;
};

/** `useBusyKey` for one action: `[busy, run(work)]`. */
export const useBusy = () => {
  const [busy, run] = useBusyKey<true>();
  const runOne = useCallback((work: () => Promise<unknown>) => run(work, true), [run]);
  return [busy === true, runOne] as const;
};
