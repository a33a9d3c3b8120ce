// The kanban's door (issue 13 §6): its page only.
export { kanbanRoutes } from './kanban.routes';
