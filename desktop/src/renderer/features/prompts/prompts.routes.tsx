import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The prompts feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const promptsRoutes: RouteObject[] = [
  {
    path: 'prompts',
    lazy: async () => {
      const [{ RequirePlan }, { PromptsPage }] = await Promise.all([import('../plans'), import('./PromptsPage')]);
      return { element: <RequireAdmin><RequirePlan flag="useOpenAi"><PromptsPage /></RequirePlan></RequireAdmin> };
    },
  },
];
