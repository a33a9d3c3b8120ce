import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The queue-integrations feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const queueIntegrationsRoutes: RouteObject[] = [
  {
    path: 'queue-integration',
    lazy: async () => {
      const [{ RequirePlan }, { QueueIntegrationsPage }] = await Promise.all([import('../plans'), import('./QueueIntegrationsPage')]);
      return { element: <RequireAdmin><RequirePlan flag="useIntegrations"><QueueIntegrationsPage /></RequirePlan></RequireAdmin> };
    },
  },
];
