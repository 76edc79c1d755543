// The activity module's public file: what other modules may use.
export { recordActivity, userActor, type ActivityActor, type ActivityEntry } from './record-activity.js';
export { activityRoutes } from './activity.routes.js';
