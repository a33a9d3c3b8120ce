// The contact drawer's door (features/contacts/drawer): the conversation opens it from its header.
export { ContactDrawer } from './ContactDrawer';
