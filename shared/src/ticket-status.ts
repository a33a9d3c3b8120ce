/** Ticket statuses and the allowed transitions (server-behaviour §4). Pure. */
export const ticketStatuses = ['attending', 'pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export type TicketAction = 'accept' | 'return' | 'transfer' | 'close' | 'reopen';

const allowed: Record<TicketAction, readonly TicketStatus[]> = {
  accept: ['pending', 'attending'],
  return: ['open'],
  transfer: ['pending', 'attending', 'open'],
  close: ['pending', 'attending', 'open'],
  reopen: ['closed'],
};

/** The statuses `action` may be applied from (a set-based transition guards its UPDATE with them). */
export const statusesFor = (action: TicketAction): readonly TicketStatus[] => allowed[action];

/** Whether `action` may be applied to a ticket in status `from`. */
export const canTransition = (from: TicketStatus, action: TicketAction): boolean => allowed[action].includes(from);

/** A ticket is "live" (at most one per company+contact+connection) while not closed. */
export const isLive = (status: TicketStatus): boolean => status !== 'closed';

/**
 * Which action a `PUT /tickets/:id` body means, given the current status. The spec's client
 * sends a target status (and queue/user) rather than a verb.
 */
export const actionFor = (
  from: TicketStatus,
  body: { status?: TicketStatus; queueId?: number | null; userId?: number | null; whatsappId?: number | null },
  actorId: number,
): TicketAction | null => {
  if (body.status === 'closed') return 'close';
  if (from === 'closed' && body.status === 'open') return 'reopen';
  if (body.queueId !== undefined || body.whatsappId !== undefined || (body.userId != null && body.userId !== actorId)) return 'transfer';
  if (body.status === 'pending') return 'return';
  if (body.status === 'open') return 'accept';
  return null;
};
