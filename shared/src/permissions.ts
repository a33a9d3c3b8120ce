/** Profiles → permissions, plan gates and ticket visibility (attendance.md §6, server-behaviour §3). Pure. */
import type { Profile } from './constants';
import type { TicketStatus } from './ticket-status';

export const adminPermissions = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
] as const;
export type Permission = (typeof adminPermissions)[number];

const byProfile: Record<Profile, readonly Permission[]> = {
  admin: adminPermissions,
  supervisor: [],
  user: [],
};

export interface Actor {
  id: number;
  profile: Profile;
  super: boolean;
  /** Ids of the queues the user belongs to. */
  queueIds: readonly number[];
  /** "enabled" lets a user see unassigned tickets without a queue. */
  allTicket: 'enabled' | 'disabled' | 'desabled';
}

/** Whether a profile holds a static permission. Unknown profiles hold none. */
export const can = (profile: string, permission: Permission): boolean =>
  (byProfile[profile as Profile] ?? []).includes(permission);

export const planFlags = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
] as const;
export type PlanFlag = (typeof planFlags)[number];

export interface TicketVisibilityFacts {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
}

/**
 * Who may see a ticket: admins everything; supervisors every ticket of their queues plus their
 * own; users their own, unassigned tickets of their queues, and unassigned queue-less tickets
 * when allTicket is enabled. The server applies the same rule in SQL (tickets.repository).
 */
export const canSeeTicket = (actor: Actor, t: TicketVisibilityFacts): boolean => {
  if (actor.profile === 'admin') return true;
  if (t.userId === actor.id) return true;
  const inMyQueue = t.queueId != null && actor.queueIds.includes(t.queueId);
  if (actor.profile === 'supervisor' && inMyQueue) return true;
  if (t.userId != null) return false;
  if (inMyQueue) return true;
  return t.queueId == null && actor.allTicket === 'enabled';
};
