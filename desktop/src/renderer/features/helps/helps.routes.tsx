import type { RouteObject } from 'react-router-dom';

/** The helps feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const helpsRoutes: RouteObject[] = [
  {
    path: 'helps',
    lazy: async () => ({ Component: (await import('./HelpsPage')).HelpsPage }),
  },
];
