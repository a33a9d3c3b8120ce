// Files' door (issue 13): its pages only.
export { filesRoutes } from './files.routes';
