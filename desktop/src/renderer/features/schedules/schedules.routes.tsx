import type { RouteObject } from 'react-router-dom';

/** The schedules feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const schedulesRoutes: RouteObject[] = [
  {
    path: 'schedules',
    lazy: async () => {
      const [{ RequirePlan }, { SchedulesPage }] = await Promise.all([import('../plans'), import('./SchedulesPage')]);
      return { element: <RequirePlan flag="useSchedules"><SchedulesPage /></RequirePlan> };
    },
  },
];
