import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The settings feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: async () => {
      const { SettingsPage } = await import('./SettingsPage');
      return { element: <RequireAdmin><SettingsPage /></RequireAdmin> };
    },
  },
];
