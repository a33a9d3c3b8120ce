import type { ClientToServer, WireChannel, WireChannels, WireEventName } from '@balcao/shared';
import type { Ctx } from '../db/tenant';
import type { LimitedSocketEvent } from './socket-limits';

/** Socket rooms (server-behaviour §9). Clients never name rooms; the server joins them. */
export const rooms = {
  company: (companyId: number) => `company:${companyId}`,
  admins: (companyId: number) => `company:${companyId}:admins`,
  /** The payment event's room: billing-only sessions of an overdue company's admins (decision 0280). */
  billing: (companyId: number) => `company:${companyId}:billing`,
  /** A billing-only socket's own room (so the end of its session closes it; never a user room's events). */
  billingUser: (userId: number) => `user:${userId}:billing`,
  /** Users with allTicket enabled: unassigned tickets without a queue. */
  noQueue: (companyId: number) => `company:${companyId}:noqueue`,
  user: (userId: number) => `user:${userId}`,
  /** Members of a queue: its unassigned (pending/attending) tickets. */
  queue: (queueId: number) => `queue:${queueId}`,
  /** Supervisors of a queue: all of its tickets. */
  queueSupervisors: (queueId: number) => `queue:${queueId}:supervisors`,
  ticket: (uuid: string) => `ticket:${uuid}`,
  /** Who may watch the agents' presence (`users:presence`: admins, supervisors; decision 0380). */
  presence: (companyId: number) => `company:${companyId}:presence`,
};

/** A connected, authenticated socket as a module sees it (never the socket.io object itself). */
export interface ClientSocket {
  ctx: Ctx;
  /** This socket's budget for client messages that cost a query (infra/socket-limits.ts). */
  allow(event: LimitedSocketEvent): boolean;
  on<E extends keyof ClientToServer>(event: E, handler: ClientToServer[E]): void;
  join(room: string): Promise<void>;
  leave(room: string): void;
  /** Runs once when the socket goes away (closed tab, lost network, ended session). */
  onDisconnect(handler: () => void): void;
}

/** What a module adds to every socket (registered through `realtime.use`). */
export interface SocketHandlers {
  /** Rooms an authenticated socket joins at connect; `null` refuses the connection (session gone). */
  roomsOf?(ctx: Ctx): Promise<string[] | null>;
  /** Subscribes the module's client events on a new socket. */
  connected?(socket: ClientSocket): void;
}

export interface Realtime {
  /**
   * Emit to every socket in any of `to`, except sockets also in any of `except`. The event name
   * (`wireEvent(companyId, channel)`) decides the payload's type (`WireChannels` in shared/).
   */
  emit<C extends WireChannel>(to: string[], event: WireEventName<C>, payload: WireChannels[C], except?: string[]): void;
  /** Close the user's sockets opened before `connectedBefore` (ms): their session has ended. */
  endSessions(userId: number, connectedBefore: number): Promise<void>;
  /** How many sockets are in `room`, across every process (the users module's online status). */
  socketCount(room: string): Promise<number>;
  /** Sockets connected to this process (not the cluster's): /metrics. */
  localSocketCount(): number;
  /** Make the sockets in `from` (but not in `except`) leave `room`. */
  leave(from: string[], room: string, except?: string[]): void;
}
