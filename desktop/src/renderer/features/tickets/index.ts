// The tickets feature's door: the store and socket the shell keeps live, the tray's badge count and the /tickets pages.
export { useTickets } from './tickets.store';
export { bindTicketSocket } from './tickets.socket';
export { badgeCount, type TicketLists } from './tickets.logic';
export { ticketsRoutes } from './tickets.routes';
