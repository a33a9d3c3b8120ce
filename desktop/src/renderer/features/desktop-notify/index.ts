// The desktop notifications' door: the desk and the conversation report events; the shell binds the rest.
export { notifyDesk, useDesktopNotifications } from './desktopNotify';
export type { NotifyEvent } from './notify.rules';
