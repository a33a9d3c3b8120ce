// Contact lists' door (issue 13): its pages only.
export { contactListsRoutes } from './contact-lists.routes';
