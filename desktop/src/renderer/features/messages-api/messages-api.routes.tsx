import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The messages-api feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const messagesApiRoutes: RouteObject[] = [
  {
    path: 'messages-api',
    lazy: async () => {
      const [{ RequirePlan }, { MessagesApiPage }] = await Promise.all([import('../plans'), import('./MessagesApiPage')]);
      return { element: <RequireAdmin><RequirePlan flag="useExternalApi"><MessagesApiPage /></RequirePlan></RequireAdmin> };
    },
  },
];
