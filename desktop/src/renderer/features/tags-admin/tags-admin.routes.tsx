import type { RouteObject } from 'react-router-dom';

/** The tags-admin feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const tagsAdminRoutes: RouteObject[] = [
  {
    path: 'tags',
    lazy: async () => ({ Component: (await import('./TagsPage')).TagsPage }),
  },
];
