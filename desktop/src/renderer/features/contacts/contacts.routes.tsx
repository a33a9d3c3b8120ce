import type { RouteObject } from 'react-router-dom';

/** The contacts feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const contactsRoutes: RouteObject[] = [
  {
    path: 'contacts',
    lazy: async () => ({ Component: (await import('./ContactsPage')).ContactsPage }),
  },
];
