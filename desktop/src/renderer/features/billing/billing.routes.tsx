import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The billing feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const billingRoutes: RouteObject[] = [
  {
    path: 'financeiro',
    lazy: async () => {
      const { InvoicesPage } = await import('./InvoicesPage');
      return { element: <RequireAdmin><InvoicesPage /></RequireAdmin> };
    },
  },
  {
    path: 'subscription',
    lazy: async () => {
      const { SubscriptionPage } = await import('./SubscriptionPage');
      return { element: <RequireAdmin><SubscriptionPage /></RequireAdmin> };
    },
  },
];
