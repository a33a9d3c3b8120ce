import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';
import { planFlagForPage } from '@balcao/shared';

/** The contact-lists feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const contactListsRoutes: RouteObject[] = [
  {
    path: 'contact-lists',
    lazy: async () => {
      const [{ RequirePlan }, { ContactListsPage }] = await Promise.all([import('../plans'), import('./ContactListsPage')]);
      return { element: <RequireAdmin><RequirePlan flag={planFlagForPage('/contact-lists') ?? 'useCampaigns'}><ContactListsPage /></RequirePlan></RequireAdmin> };
    },
  },
  {
    path: 'contact-lists/:contactListId/contacts',
    lazy: async () => {
      const [{ RequirePlan }, { ContactListItemsPage }] = await Promise.all([import('../plans'), import('./ContactListItemsPage')]);
      return { element: <RequireAdmin><RequirePlan flag={planFlagForPage('/contact-lists') ?? 'useCampaigns'}><ContactListItemsPage /></RequirePlan></RequireAdmin> };
    },
  },
];
