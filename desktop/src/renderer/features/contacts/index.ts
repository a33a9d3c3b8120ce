// Contacts' door: the socket the shell binds, the conversation's contact drawer, the /contacts page.
export { bindContactSocket } from './contacts.socket';
export { ContactDrawer } from './drawer';
export { contactsRoutes } from './contacts.routes';
