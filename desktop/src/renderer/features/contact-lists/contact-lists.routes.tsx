import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';
import { planFlagForPage } from '@balcao/shared';
import { RequirePlan } from '../plans';

/** The contact-lists feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const contactListsRoutes: RouteObject[] = [
  {
    path: 'contact-lists',
    lazy: async () => {
      const { ContactListsPage } = await import('./ContactListsPage');
      return { element: <RequireAdmin><RequirePlan flag={planFlagForPage('/contact-lists') ?? 'useCampaigns'}><ContactListsPage /></RequirePlan></RequireAdmin> };
    },
  },
  {
    path: 'contact-lists/:contactListId/contacts',
    lazy: async () => {
      const { ContactListItemsPage } = await import('./ContactListItemsPage');
      return { element: <RequireAdmin><RequirePlan flag={planFlagForPage('/contact-lists') ?? 'useCampaigns'}><ContactListItemsPage /></RequirePlan></RequireAdmin> };
    },
  },
];
