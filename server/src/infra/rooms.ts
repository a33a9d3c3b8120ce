/** Socket rooms (server-behaviour §9). Clients never name rooms; the server joins them. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  admins: (companyId: number) => `company:${companyId}:admins`,
  /** Users with allTicket enabled: unassigned tickets without a queue. */
  noQueue: (companyId: number) => `company:${companyId}:noqueue`,
  user: (userId: number) => `user:${userId}`,
  /** Members of a queue: its unassigned (pending/attending) tickets. */
  queue: (queueId: number) => `queue:${queueId}`,
  /** Supervisors of a queue: all of its tickets. */
  queueSupervisors: (queueId: number) => `queue:${queueId}:supervisors`,
  ticket: (uuid: string) => `ticket:${uuid}`,
};

export interface Realtime {
  /** Emit to every socket in any of `to`, except sockets also in any of `except`. */
  emit(to: string[], event: string, payload: unknown, except?: string[]): void;
  /** Make the sockets in `from` (but not in `except`) leave `room`. */
  leave(from: string[], room: string, except?: string[]): void;
}
