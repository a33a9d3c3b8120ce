/**
 * Which plan flag each gated feature needs (administration.md §6 "Plan gates", attendance.md §2,
 * server-behaviour §1), in one place for the server's routes and the renderer's pages. Pure.
 */
import type { PlanFlag } from './permissions';

/**
 * API path prefixes of the gated features (administration.md §7): every route under one answers
 * 403 ERR_PLAN_FEATURE_DISABLED when the company's plan lacks the flag. The server applies this
 * table to every private route (companies module, `planGates`); a test checks each route of the
 * route table that falls under a prefix. A new gated feature adds its prefixes here.
 */
export const planGatedRoutes: readonly { prefix: string; flag: PlanFlag }[] = [
  { prefix: '/ticket/kanban', flag: 'useKanban' },
  { prefix: '/tags/kanban', flag: 'useKanban' },
  { prefix: '/campaigns', flag: 'useCampaigns' },
  { prefix: '/campaign-settings', flag: 'useCampaigns' },
  { prefix: '/contact-lists', flag: 'useCampaigns' },
  { prefix: '/contact-list-items', flag: 'useCampaigns' },
  { prefix: '/schedules', flag: 'useSchedules' },
  { prefix: '/chats', flag: 'useInternalChat' },
  { prefix: '/prompt', flag: 'useOpenAi' },
  { prefix: '/queueIntegration', flag: 'useIntegrations' },
  { prefix: '/api/messages', flag: 'useExternalApi' },
  { prefix: '/webhooks', flag: 'useExternalApi' },
  { prefix: '/knowledge-articles', flag: 'useCopilot' },
  { prefix: '/copilot', flag: 'useCopilot' },
  // The copilot's routes on a ticket (route patterns are matched as written).
  { prefix: '/tickets/:id/copilot', flag: 'useCopilot' },
];

/** The renderer's pages of the gated features (attendance.md §2 side menu). */
export const planGatedPages: readonly { prefix: string; flag: PlanFlag }[] = [
  { prefix: '/kanban', flag: 'useKanban' },
  { prefix: '/campaigns', flag: 'useCampaigns' },
  { prefix: '/campaign', flag: 'useCampaigns' },
  { prefix: '/campaigns-config', flag: 'useCampaigns' },
  { prefix: '/contact-lists', flag: 'useCampaigns' },
  { prefix: '/schedules', flag: 'useSchedules' },
  { prefix: '/chats', flag: 'useInternalChat' },
  { prefix: '/prompts', flag: 'useOpenAi' },
  { prefix: '/queue-integration', flag: 'useIntegrations' },
  { prefix: '/messages-api', flag: 'useExternalApi' },
  { prefix: '/knowledge', flag: 'useCopilot' },
];

/** `prefix` itself or anything below it (`/schedules`, `/schedules/:id`), never `/schedulesX`. */
const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** The flag a route (its URL pattern or a concrete path, no query) needs, if any. */
export const planFlagForRoute = (url: string): PlanFlag | undefined => planGatedRoutes.find((g) => under(url, g.prefix))?.flag;

/** The flag a renderer page needs, if any. */
export const planFlagForPage = (pathname: string): PlanFlag | undefined => planGatedPages.find((g) => under(pathname, g.prefix))?.flag;
