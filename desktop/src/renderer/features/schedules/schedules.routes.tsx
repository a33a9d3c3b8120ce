import type { RouteObject } from 'react-router-dom';
import { RequirePlan } from '../plans';

/** The schedules feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const schedulesRoutes: RouteObject[] = [
  {
    path: 'schedules',
    lazy: async () => {
      const { SchedulesPage } = await import('./SchedulesPage');
      return { element: <RequirePlan flag="useSchedules"><SchedulesPage /></RequirePlan> };
    },
  },
];
