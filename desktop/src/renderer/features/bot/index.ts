// The bot's renderer side (issue 12 §6): a ticket's automation timeline.
export { TimelineButton } from './TimelineDrawer';
