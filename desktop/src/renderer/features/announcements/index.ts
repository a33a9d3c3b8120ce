// The announcements' door (issue 14 §6): the top bar's popover; the /announcements page is reached through announcements.routes.
export { AnnouncementsPopover } from './AnnouncementsPopover';
export { announcementsRoutes } from './announcements.routes';
