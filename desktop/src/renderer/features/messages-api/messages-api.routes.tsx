import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';
import { RequirePlan } from '../plans';

/** The messages-api feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const messagesApiRoutes: RouteObject[] = [
  {
    path: 'messages-api',
    lazy: async () => {
      const { MessagesApiPage } = await import('./MessagesApiPage');
      return { element: <RequireAdmin><RequirePlan flag="useExternalApi"><MessagesApiPage /></RequirePlan></RequireAdmin> };
    },
  },
];
