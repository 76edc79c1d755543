// The notifications module's public file: the participant inbox, choices and Web Push (decision 0026).
export { notificationRoutes, type NotificationRoutesOptions } from './notifications.routes.js';
export { createPushSender, type PushSender, type PushTarget } from './web-push-sender.js';
export { fanOutEvent } from './notification-jobs.js';
