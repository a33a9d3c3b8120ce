import type { RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../../components/FullPageSpinner';

/** The desktop-app feature's pages outside the app shell (before login), lazily loaded: app/router.tsx composes them. */
export const desktopAppPublicRoutes: RouteObject[] = [
  {
    // The desktop app's server and app preferences (profile menu); the browser build has none.
    path: '/server',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => ({ Component: (await import('./ServerRoute')).ServerRoute }),
  },
];
