import type { RouteObject } from 'react-router-dom';

/** The todo feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const todoRoutes: RouteObject[] = [
  {
    path: 'todolist',
    lazy: async () => ({ Component: (await import('./TodoPage')).TodoPage }),
  },
];
