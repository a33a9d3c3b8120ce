// Queues' door: its page only.
export { queuesRoutes } from './queues.routes';
