// Campaigns' door (issue 13): its pages only.
export { campaignsRoutes } from './campaigns.routes';
