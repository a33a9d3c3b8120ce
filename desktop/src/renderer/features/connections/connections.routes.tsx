import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The connections feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const connectionsRoutes: RouteObject[] = [
  {
    path: 'connections',
    lazy: async () => {
      const { ConnectionsPage } = await import('./ConnectionsPage');
      return { element: <RequireAdmin><ConnectionsPage /></RequireAdmin> };
    },
  },
];
