// The dashboard module's one door (decision 0015): read-only figures over the company's tickets.
import type { DataAccess } from '../../db/tenant';
import type { Clock } from '../../infra/clock';
import { defineModule } from '../../infra/module';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';

export { createDashboardService, type DashboardService } from './dashboard.service';

export const dashboardModule = defineModule({
  name: 'dashboard',
  dependsOn: ['companies', 'tickets', 'sla'],
  setup: (k: { data: DataAccess; clock: Clock }) => ({ routes: dashboardRoutes(createDashboardService({ data: k.data, clock: k.clock })) }),
});
