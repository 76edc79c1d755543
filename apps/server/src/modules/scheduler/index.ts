// The scheduler module's public file: what other modules and app.ts may use.
export type { CampaignScheduler } from './campaign-scheduler-port.js';
export { createCampaignScheduler, jobsForCampaign, type CreateCampaignSchedulerOptions } from './campaign-scheduler.js';
export { startIfDue, type CampaignJob, type PayDueBudget } from './campaign-transitions.js';
export { createStartBlockedMailer, type NotifyStartBlocked, type StartBlockedNotice } from './start-blocked-mailer.js';
