import type { RouteObject } from 'react-router-dom';

/** The chats feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const chatsRoutes: RouteObject[] = [
  {
    path: 'chats/:uuid?',
    lazy: async () => {
      const [{ RequirePlan }, { ChatsPage }] = await Promise.all([import('../plans'), import('./ChatsPage')]);
      return { element: <RequirePlan flag="useInternalChat"><ChatsPage /></RequirePlan> };
    },
  },
];
