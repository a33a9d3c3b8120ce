import { toastError } from './reportError';

export interface CancelableHandlers<T> {
  /** The answer, while it is still wanted. */
  then: (value: T) => void;
  /** A failure while still wanted (default: the error catalogue's toast). */
  failed?: (err: unknown) => void;
  /** After the answer or the failure, while still wanted (the spinner off, the first load done). */
  settled?: () => void;
}

/**
 * Sends a request that a newer one, or the component leaving, cancels: returns the cancel, so an
 * effect is `useEffect(() => cancelable((signal) => api.x(q, signal), { then: setX }), [q])`. A
 * cancelled request's answer and failure are dropped: a slow old search never overwrites a newer
 * one, and leaving is not an error.
 */
export const cancelable = <T>(send: (signal: AbortSignal) => Promise<T>, on: CancelableHandlers<T>): (() => void) => {
  const abort = new AbortController();
  const wanted = () => !abort.signal.aborted;
  send(abort.signal)
    .then((value) => {
      if (wanted()) on.then(value);
    })
    .catch((err: unknown) => {
      if (wanted()) (on.failed ?? toastError)(err);
    })
    .finally(() => {
      if (wanted()) on.settled?.();
    });
  return () => abort.abort();
};
