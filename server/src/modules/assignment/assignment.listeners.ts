import type { EventBus } from '../../infra/event-bus';

/**
 * When assignment has work (issue 30 §2; decision 0381), decided from the event alone so that
 * everything else costs nothing: a ticket began waiting; an agent came online or back; an agent
 * let a ticket go (closed, returned, transferred, deleted: capacity freed); a queue or a user
 * changed (policy, capacity, members). Each asks for one claim of the company; claims asked
 * for while one runs are one more run after it, not one each.
 */
export const registerAssignmentListeners = (bus: EventBus, flow: (companyId: number) => Promise<unknown>, onError: (err: unknown) => void): void => {
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const kick = (companyId: number): Promise<void> => {
    const current = running.get(companyId);
    if (current) {
      again.add(companyId);
      return current;
    }
    const run = (async () => {
      do {
        again.delete(companyId);
        await flow(companyId).catch(onError);
      } while (again.has(companyId));
    })().finally(() => running.delete(companyId));
    running.set(companyId, run);
    return run;
  };

  bus.on('ticket.waiting', (e) => kick(e.companyId));
  bus.on('user.presence', (e) => (e.user.presence === 'online' ? kick(e.companyId) : undefined));
  bus.on('ticket.updated', (e) => {
    const p = e.previous;
    // An agent's ticket that is no longer theirs or no longer open: they have room again.
    if (p?.userId != null && (e.ticket.userId !== p.userId || e.ticket.status !== 'open')) return kick(e.companyId);
    return undefined;
  });
  bus.on('ticket.deleted', (e) => (e.userId != null ? kick(e.companyId) : undefined));
  bus.on('queue.updated', (e) => (e.queue.assignment !== 'none' ? kick(e.companyId) : undefined));
  bus.on('user.updated', (e) => kick(e.companyId));
};
