// What other features may use of quick messages (the composer's `/` autocomplete).
export { quickMessagesApi } from './quick-messages.api';
export { QUICK_MESSAGE_VARIABLES, type QuickMessageVariable } from './quick-messages.logic';
export { quickMessagesRoutes } from './quick-messages.routes';
