// The schedules feature's door (issue 13 §1–2): the /schedules calendar and the conversation's follow-ups.
export { FollowUpBanner, ScheduleButton } from './FollowUps';
export { schedulesRoutes } from './schedules.routes';
