// Queue integrations' door (issue 12): its page only.
export { queueIntegrationsRoutes } from './queue-integrations.routes';
