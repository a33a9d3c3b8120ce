import type { RouteObject } from 'react-router-dom';

/** The tickets feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const ticketsRoutes: RouteObject[] = [
  {
    path: 'tickets/:uuid?',
    lazy: async () => ({ Component: (await import('./TicketsPage')).TicketsPage }),
  },
];
