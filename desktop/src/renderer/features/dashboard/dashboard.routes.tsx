import type { RouteObject } from 'react-router-dom';

/** The dashboard feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const dashboardRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./DashboardPage')).DashboardPage }),
  },
];
