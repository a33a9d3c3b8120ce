import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The users-admin feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const usersAdminRoutes: RouteObject[] = [
  {
    path: 'users',
    lazy: async () => {
      const { UsersPage } = await import('./UsersPage');
      return { element: <RequireAdmin><UsersPage /></RequireAdmin> };
    },
  },
];
