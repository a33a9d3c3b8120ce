// The messages API page's door (issue 15 §3): its page only.
export { messagesApiRoutes } from './messages-api.routes';
