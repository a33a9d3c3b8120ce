// The bot's renderer side (issue 12 §6, §7): a ticket's automation timeline and the replay.
export { TimelineButton } from './TimelineDrawer';
export { ReplayButton, ReplayDrawer, type ReplayTarget } from './ReplayDrawer';
