/** Cancels a scheduled call. */
export type Cancel = () => void;
/** setTimeout as the channel and its watchdog use it (tests inject one to avoid real waiting). */
export type Scheduler = (fn: () => void, ms: number) => Cancel;
