import type { RouteObject } from 'react-router-dom';

/** The announcements feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const announcementsRoutes: RouteObject[] = [
  {
    path: 'announcements',
    lazy: async () => {
      const [{ AnnouncementsPage }, { RequireSuper }] = await Promise.all([import('./AnnouncementsPage'), import('./RequireSuper')]);
      return { element: <RequireSuper><AnnouncementsPage /></RequireSuper> };
    },
  },
];
