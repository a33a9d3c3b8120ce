// Notifications' door: the top bar's bell and volume, the feed it binds, and the chime desktop-notify rings.
export { NotificationsPopover } from './NotificationsPopover';
export { VolumePopover } from './VolumePopover';
export { useNotificationsFeed } from './notifications.socket';
export { useNotifications } from './notifications.store';
export { playChime } from './sound';
