import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../../app/RouteGuards';

/** The campaigns feature's pages in the app shell, lazily loaded (issue 27 §4): app/router.tsx composes every feature's. */
export const campaignsRoutes: RouteObject[] = [
  {
    path: 'campaigns',
    lazy: async () => {
      const [{ RequirePlan }, { CampaignsPage }] = await Promise.all([import('../plans'), import('./CampaignsPage')]);
      return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignsPage /></RequirePlan></RequireAdmin> };
    },
  },
  {
    path: 'campaign/:campaignId/report',
    lazy: async () => {
      const [{ RequirePlan }, { CampaignReportPage }] = await Promise.all([import('../plans'), import('./CampaignReportPage')]);
      return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignReportPage /></RequirePlan></RequireAdmin> };
    },
  },
  {
    path: 'campaigns-config',
    lazy: async () => {
      const [{ RequirePlan }, { CampaignsConfigPage }] = await Promise.all([import('../plans'), import('./CampaignsConfigPage')]);
      return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignsConfigPage /></RequirePlan></RequireAdmin> };
    },
  },
];
