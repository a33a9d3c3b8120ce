// The knowledge feature's door (issue 32 §1): the "Base de conhecimento" page and the copilot's settings on it.
export { knowledgeRoutes } from './knowledge.routes';
