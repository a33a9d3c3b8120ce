// Prompts' door (issue 12): its page only.
export { promptsRoutes } from './prompts.routes';
