/** Profiles → permissions, plan gates and ticket visibility (attendance.md §6, server-behaviour §3). Pure. */
import type { Profile } from './constants';
import type { TicketStatus } from './ticket-status';

export const adminPermissions = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  /** The list item's "Espiar Conversa" eye (a read-only look at any ticket). */
  'tickets-manager:spy',
  /** The search tab's user filter. */
  'tickets-manager:filterUsers',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  // What the server enforces (services and routes ask `can`, never the profile directly).
  'users:create',
  'queues:create',
  /** Edit and delete queues, their hours, media and option trees (reads are for everyone). */
  'queues:manage',
  'tickets:delete',
  'tickets:closeAll',
  /** Filter the tickets list by the users they are assigned to (attendance.md §2: the admin-only user filter). */
  'tickets:filterByUser',
  /** Open or create a ticket without a queue. */
  'tickets:withoutQueue',
  /** Reply on an open ticket someone else accepted. */
  'messages:replyToAnyTicket',
  /** Delete (revoke for everyone) any outgoing message, not only one's own (server-behaviour §3). */
  'messages:deleteAnyOutgoing',
  /** See a connection's QR / pairing code, and every other connection action. */
  'connections:manage',
  /** The sandbox simulator's routes. */
  'sandbox:use',
  /** Mark a quick message as general (offered to the whole company): admins only (administration.md §6). */
  'quickMessages:setGeneral',
  /** Edit and delete every quick message of the company, general or anyone's (administration.md §6). */
  'quickMessages:manageAll',
  /** Make a tag a kanban lane (administration.md §6: admin and supervisor; decision 0079). */
  'tags:setKanban',
  /** Delete any ticket note, not only one's own (decision 0081). */
  'ticketNotes:deleteAny',
  /** Change the company's settings (PUT /settings/:key), timezone and working hours. */
  'settings:update',
  /** Read the company's audit trail (GET /audit-logs). */
  'audit:view',
  /** Delete a user of the company (never oneself, never the last admin; decision 0110). */
  'users:delete',
  /** Delete a tag of the company (it leaves every ticket; decision 0113). */
  'tags:delete',
  /** Read a ticket's bot timeline (GET /tickets/:id/events; issue 12 §6: admins and supervisors). */
  'tickets:timeline',
  /** The queue integrations (typebot, n8n, webhook, dialogflow): list, edit, test (decision 0180). */
  'queueIntegrations:manage',
  /** The company's AI prompts (administration.md /prompts; issue 12). */
  'prompts:manage',
  /** Take a contact off the opt-out ledger (a consent decision: admins and supervisors; decision 0243). */
  'contacts:optIn',
  /** Contact lists and their items: campaign audiences (administration.md /contact-lists; decision 0220). */
  'contactLists:manage',
  /** File lists campaigns send (administration.md /files; decision 0220). */
  'files:manage',
  /** Edit and delete anyone's schedule of the company, not only one's own (decision 0210). */
  'schedules:manageAll',
  /** Replay a queue, integration or prompt over a past ticket, sending nothing (issue 12 item 7: admins and supervisors). */
  'bot:replay',
  /** Campaigns, their settings and reports (administration.md /campaigns; decision 0230: admins). */
  'campaigns:manage',
  /** The company's invoices and subscription, and paying them (issue 14 §7; decision 0282: admins). */
  'billing:manage',
  /** The company's signed outbound webhooks and their delivery log (issue 15 §5; decision 0300: admins). */
  'webhooks:manage',
  /** Who of the company's agents is online, away or offline, live (issue 30 §1; decision 0380: admins and supervisors). */
  'users:presence',
  /** The company's knowledge base (issue 32 §1; decision 0401: admins). */
  'knowledge:manage',
  /** The copilot's endpoint, key, cap and its usage (issue 32 §7; decision 0402: admins). */
  'copilot:manage',
] as const;

/** What a supervisor holds beyond a user (server-behaviour.md §3: all quick messages, tags' kanban flag; decision 0113: deleting tags; decision 0141: the company's dashboard). */
export const supervisorPermissions = ['quickMessages:manageAll', 'tags:setKanban', 'tags:delete', 'dashboard:view', 'tickets:timeline', 'contacts:optIn', 'schedules:manageAll', 'bot:replay', 'users:presence'] as const;

/** What only the super user (any profile) may do: the whole installation, not one company. */
export const superPermissions = [
  'companies:manage',
  'companies:viewAnyPlan',
  'sandbox:use',
  /** Every company's audit trail. */
  'audit:viewAll',
  /** The integration keys and the platform's settings (administration.md §6: super only). */
  'settings:platform',
  'plans:manage',
  /** Every company's invoices (read-only; decision 0282). */
  'billing:viewAll',
  /** Settle a sandbox provider's charge (POST /sandbox/payments/:chargeId/pay). */
  'billing:sandboxPay',
  /** Help videos (administration.md /helps: writes super only). */
  'helps:manage',
  /** The platform's logos (administration.md Settings: Logo, super only). */
  'logos:manage',
  /** Platform announcements (administration.md §6: super only). */
  'announcements:manage',
] as const;

export type Permission = (typeof adminPermissions)[number] | (typeof superPermissions)[number];

const byProfile: Record<Profile, readonly Permission[]> = {
  admin: adminPermissions,
  supervisor: supervisorPermissions,
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

/** Who asks: a profile, or a session (profile plus the super flag). */
export type Subject = string | { profile: string; super?: boolean };

/**
 * Whether a profile (or a session) holds a static permission. Unknown profiles hold none; the
 * super user holds `superPermissions` on top of their profile's. The one place a role decides.
 */
export const can = (who: Subject, permission: Permission): boolean => {
  const profile = typeof who === 'string' ? who : who.profile;
  if (typeof who !== 'string' && who.super && (superPermissions as readonly Permission[]).includes(permission)) return true;
  return (byProfile[profile as Profile] ?? []).includes(permission);
};

export const planFlags = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useCopilot',
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

/** The facts of a quick message that decide who may use, see or change it. */
export interface QuickMessageFacts {
  geral: boolean;
  userId: number | null;
}

/**
 * Quick messages (administration.md §6): everyone uses and sees the general ones and their own;
 * admins and supervisors see and change all of them; a user changes only their own non-general
 * ones. Marking one general (or no longer general) is `quickMessages:setGeneral`.
 */
export const canSeeQuickMessage = (who: { id: number; profile: string; super?: boolean }, q: QuickMessageFacts): boolean =>
  can(who, 'quickMessages:manageAll') || q.geral || q.userId === who.id;

export const canEditQuickMessage = (who: { id: number; profile: string; super?: boolean }, q: QuickMessageFacts): boolean =>
  can(who, 'quickMessages:manageAll') || (!q.geral && q.userId === who.id);

/** Internal chat (attendance.md §6): only the chat's owner edits or deletes it. */
export const canEditChat = (who: { id: number }, chat: { ownerId: number | null }): boolean => chat.ownerId != null && chat.ownerId === who.id;
