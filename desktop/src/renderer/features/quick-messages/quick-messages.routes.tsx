import type { RouteObject } from 'react-router-dom';

/** The quick-messages feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const quickMessagesRoutes: RouteObject[] = [
  {
    path: 'quick-messages',
    lazy: async () => ({ Component: (await import('./QuickMessagesPage')).QuickMessagesPage }),
  },
];
