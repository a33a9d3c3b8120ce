// Connections' door: the store and socket the shell keeps live, the side menu's badge, the /connections page.
export { useConnections } from './connections.store';
export { bindConnectionSocket } from './connections.socket';
export { ConnectionsBadge } from './ConnectionsBadge';
export { connectionsRoutes } from './connections.routes';
