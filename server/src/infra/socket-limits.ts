/**
 * Budgets for the client messages that cost a query, per socket and fixed window. A socket is
 * held by one process, so counting in its memory is exact. Over budget: refused with an error
 * ack, not served (a reconnect loop or a script cannot turn a socket into a database pump).
 */
export const SOCKET_LIMITS = {
  resync: { max: 5, windowMs: 10_000 },
  joinChatBox: { max: 30, windowMs: 10_000 },
  /** Heartbeats every 4 s and typing every 2 s at most, over a few tickets: room to spare. */
  ticketActivity: { max: 30, windowMs: 10_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;
export type LimitedSocketEvent = keyof typeof SOCKET_LIMITS;

/** One socket's counters: `allow('resync')` is false once the window's budget is spent. */
export const socketBudget = (now: () => number = Date.now) => {
  const windows = new Map<LimitedSocketEvent, { count: number; resetAt: number }>();
  return (event: LimitedSocketEvent): boolean => {
    const { max, windowMs } = SOCKET_LIMITS[event];
    const t = now();
    const w = windows.get(event);
    if (!w || w.resetAt <= t) {
      windows.set(event, { count: 1, resetAt: t + windowMs });
      return true;
    }
    w.count += 1;
    return w.count <= max;
  };
};
