import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';
import { RequirePlan } from '../plans';

/** The campaigns feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const campaignsRoutes: RouteObject[] = [
  {
    path: 'campaigns',
    lazy: async () => {
      const { CampaignsPage } = await import('./CampaignsPage');
      return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignsPage /></RequirePlan></RequireAdmin> };
    },
  },
  {
    path: 'campaign/:campaignId/report',
    lazy: async () => {
      const { CampaignReportPage } = await import('./CampaignReportPage');
      return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignReportPage /></RequirePlan></RequireAdmin> };
    },
  },
  {
    path: 'campaigns-config',
    lazy: async () => {
      const { CampaignsConfigPage } = await import('./CampaignsConfigPage');
      return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignsConfigPage /></RequirePlan></RequireAdmin> };
    },
  },
];
