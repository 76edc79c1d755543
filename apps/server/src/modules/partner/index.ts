// The partner module's public file: what other modules may use.
export { fillPartnerReward, isInvitedTo } from './fill-partner-reward.js';
export { partnerRoutes } from './partner.routes.js';
export { partnerPoolRoutes } from './partner-pool.routes.js';
export { debitSharedLaunch } from './shared-launch.js';
