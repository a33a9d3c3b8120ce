import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The knowledge feature's page in the app shell, lazily loaded (issue 32 §1; plan useCopilot, admins). */
export const knowledgeRoutes: RouteObject[] = [
  {
    path: 'knowledge',
    lazy: async () => {
      const [{ RequirePlan }, { KnowledgePage }] = await Promise.all([import('../plans'), import('./KnowledgePage')]);
      return { element: <RequireAdmin><RequirePlan flag="useCopilot"><KnowledgePage /></RequirePlan></RequireAdmin> };
    },
  },
];
