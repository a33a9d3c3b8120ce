// The dashboard's door: its page (/) only.
export { dashboardRoutes } from './dashboard.routes';
