// The users screen's door: its page only.
export { usersAdminRoutes } from './users-admin.routes';
