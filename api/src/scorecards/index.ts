// Interview scorecards (issue 24, item 4): the routes and the reminder sweep.
export { scorecardRoutes } from './routes.js';
export { startScorecardReminders, sweepScorecardReminders, type ReminderWorker } from './reminders.js';
