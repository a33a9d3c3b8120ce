import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The queues feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const queuesRoutes: RouteObject[] = [
  {
    path: 'queues',
    lazy: async () => {
      const { QueuesPage } = await import('./QueuesPage');
      return { element: <RequireAdmin><QueuesPage /></RequireAdmin> };
    },
  },
];
