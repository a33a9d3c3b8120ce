import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';
import { RequirePlan } from '../plans';

/** The prompts feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const promptsRoutes: RouteObject[] = [
  {
    path: 'prompts',
    lazy: async () => {
      const { PromptsPage } = await import('./PromptsPage');
      return { element: <RequireAdmin><RequirePlan flag="useOpenAi"><PromptsPage /></RequirePlan></RequireAdmin> };
    },
  },
];
