import type { RouteObject } from 'react-router-dom';

/** The simulator feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const simulatorRoutes: RouteObject[] = [
  {
    path: 'simulator',
    lazy: async () => ({ Component: (await import('./SimulatorPage')).SimulatorPage }),
  },
];
