import type { RouteObject } from 'react-router-dom';

/** The kanban feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const kanbanRoutes: RouteObject[] = [
  {
    path: 'kanban',
    lazy: async () => {
      const [{ RequirePlan }, { KanbanPage }] = await Promise.all([import('../plans'), import('./KanbanPage')]);
      return { element: <RequirePlan flag="useKanban"><KanbanPage /></RequirePlan> };
    },
  },
];
