import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The files feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const filesRoutes: RouteObject[] = [
  {
    path: 'files',
    lazy: async () => {
      const { FilesPage } = await import('./FilesPage');
      return { element: <RequireAdmin><FilesPage /></RequireAdmin> };
    },
  },
];
